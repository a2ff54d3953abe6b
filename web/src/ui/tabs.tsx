import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec<K extends string> {
  key: K;
  label: string;
}

/**
 * WAI-ARIA tabs: one tab in the Tab order (the selected one); Left/Right arrows move between tabs
 * and select them, wrapping around; Home and End go to the first and last. Every panel exists in the
 * page (aria-controls must point somewhere); only the selected one is shown and rendered.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  renderPanel,
}: {
  label: string;
  tabs: ReadonlyArray<TabSpec<K>>;
  selected: K;
  onSelect: (key: K) => void;
  renderPanel: (key: K) => ReactNode;
}) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const idOf = (key: K, part: 'tab' | 'panel') => `${baseId}-${part}-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const target =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : -1;
    const next = tabs[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.key);
    tabRefs.current.get(next.key)?.focus();
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={idOf(tab.key, 'tab')}
              aria-selected={isSelected}
              aria-controls={idOf(tab.key, 'panel')}
              tabIndex={isSelected ? 0 : -1}
              className="tab"
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div key={tab.key} role="tabpanel" id={idOf(tab.key, 'panel')} aria-labelledby={idOf(tab.key, 'tab')} hidden={tab.key !== selected} tabIndex={0} className="tab-panel">
          {tab.key === selected && renderPanel(tab.key)}
        </div>
      ))}
    </div>
  );
}
