import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type TabItem = { id: string; label: string; panel: ReactNode };

type TabsProps = {
  label: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect(id: string): void;
};

const tabClass =
  'rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold aria-selected:border-brand-700 aria-selected:text-brand-800 border-transparent text-muted hover:text-brand-800';

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs (and select them); Tab moves
 * into the open panel. Only the open panel is rendered, so hidden panels fetch nothing.
 */
export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );

  const move = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    onSelect(tabs[next]?.id ?? selected);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Right to left (Arabic), the tab to the right is the one before.
    const forward = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl' ? -1 : 1;
    const keys: Record<string, number> = {
      ArrowRight: current + forward,
      ArrowLeft: current - forward,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };

  const open = tabs[current];
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="mb-6 flex flex-wrap gap-2 border-b border-slate-200"
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={index === current}
            // Only the open panel exists, so only its tab points at one.
            aria-controls={index === current ? `${baseId}-panel-${tab.id}` : undefined}
            tabIndex={index === current ? 0 : -1}
            className={tabClass}
            onClick={() => onSelect(tab.id)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {open && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${open.id}`}
          aria-labelledby={`${baseId}-tab-${open.id}`}
        >
          {open.panel}
        </div>
      )}
    </div>
  );
}
