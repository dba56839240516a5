import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '#client/components/ui/button';

/** The phone menu's button; the same element stands in while the menu's code loads. */
export function MobileMenuButton({ label, ...props }: { label: string } & ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" size="icon" className="md:hidden" aria-haspopup="menu" {...props}>
      <Menu aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </Button>
  );
}
