import {
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import { TabsList } from '#client/components/ui/tabs';
import { cn } from '#client/lib/utils';

/** Pointer travel beyond which a press on the strip is a drag, not a tab choice. */
export const DRAG_THRESHOLD_PX = 5;

interface DragState {
  pointerId: number;
  startX: number;
  startScroll: number;
  dragging: boolean;
  mouse: boolean;
}

/**
 * Tab changes made while a pointer is pressed on the strip wait for its release; a drag
 * (more than 5 px of travel, or a touch the browser turned into a scroll) drops them.
 * Keyboard changes pass straight through.
 */
export function useDragSafeTabChange(onChange: (value: string) => void) {
  const drag = useRef<DragState | null>(null);
  const pending = useRef<string | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);

  const finish = useCallback(
    (cancelled: boolean) => {
      const state = drag.current;
      drag.current = null;
      const value = pending.current;
      pending.current = null;
      if (state && !state.dragging && !cancelled && value !== null) onChange(value);
    },
    [onChange],
  );

  useEffect(() => {
    const up = () => finish(false);
    const cancel = () => finish(true);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
  }, [finish]);

  const onValueChange = useCallback(
    (value: string) => {
      if (drag.current) pending.current = value;
      else onChange(value);
    },
    [onChange],
  );

  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startScroll: scroller.current?.scrollLeft ?? 0,
      dragging: false,
      mouse: event.pointerType === 'mouse',
    };
  }, []);

  const onPointerMove = useCallback((event: { pointerId: number; clientX: number }) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const travel = event.clientX - state.startX;
    if (!state.dragging && Math.abs(travel) > DRAG_THRESHOLD_PX) state.dragging = true;
    if (state.dragging && state.mouse && scroller.current)
      scroller.current.scrollLeft = state.startScroll - travel;
  }, []);

  // the pointer is followed wherever it goes: a drag that leaves the strip (or a strip that
  // moves under a still pointer, as when the page scrolls) is still a drag
  useEffect(() => {
    window.addEventListener('pointermove', onPointerMove);
    return () => window.removeEventListener('pointermove', onPointerMove);
  }, [onPointerMove]);

  return { scroller, onValueChange, onPointerDown };
}

/** The scrolling frame of the tab strip: a mouse wheel scrolls it sideways when it overflows. */
export function DetailTabStrip({
  label,
  children,
  scroller,
  onPointerDown,
}: {
  label: string;
  children: ReactNode;
  scroller: React.RefObject<HTMLDivElement | null>;
  onPointerDown: (event: ReactPointerEvent<HTMLDivElement>) => void;
}) {
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (element.scrollWidth <= element.clientWidth) return;
      const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
      const max = element.scrollWidth - element.clientWidth;
      const canMove = (delta < 0 && element.scrollLeft > 0) || (delta > 0 && element.scrollLeft < max);
      if (!canMove) return;
      event.preventDefault();
      element.scrollLeft += delta;
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [scroller]);

  return (
    <div
      ref={scroller}
      data-testid="detail-tab-strip"
      className={cn(
        '-mx-1 overflow-x-auto overscroll-x-contain px-1 pb-1 select-none [scrollbar-width:thin]',
      )}
      onPointerDown={onPointerDown}
      onDragStart={(event) => event.preventDefault()}
    >
      <TabsList aria-label={label} className="w-max min-w-full justify-start">
        {children}
      </TabsList>
    </div>
  );
}
