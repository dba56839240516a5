import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface AuthTab<V extends string> {
  value: V;
  label: string;
  /** Fetches the panel's code ahead of a click (pointer over the tab, or focus on it). */
  preload?: () => void;
}

/**
 * Sign In / Sign Up as tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between the
 * tabs and select the one reached; one Tab stop for the list). Written for these two panels so
 * that the sign-in page needs no tabs library.
 */
export function AuthTabs<V extends string>({
  tabs,
  value,
  onValueChange,
  children,
}: {
  tabs: readonly AuthTab<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const buttons = useRef(new Map<V, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const forward = document.documentElement.dir === 'rtl' ? -1 : 1;
    const next = {
      ArrowRight: index + forward,
      ArrowLeft: index - forward,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onValueChange(tab.value);
    buttons.current.get(tab.value)?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="grid h-11 w-full grid-cols-2 items-center rounded-lg bg-muted p-1 text-muted-foreground"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) buttons.current.set(tab.value, element);
                else buttons.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={`auth-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`auth-panel-${tab.value}`}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? 'active' : 'inactive'}
              onClick={() => onValueChange(tab.value)}
              onPointerEnter={tab.preload}
              onPointerDown={tab.preload}
              onFocus={tab.preload}
              className="inline-flex h-full flex-1 items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={`auth-panel-${tab.value}`}
          aria-labelledby={`auth-tab-${tab.value}`}
          hidden={tab.value !== value}
          tabIndex={0}
          className="flex-1 pt-2"
        >
          {tab.value === value && children}
        </div>
      ))}
    </div>
  );
}
