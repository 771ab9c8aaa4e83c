import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}

/**
 * One collapsible group of the settings panel: a native disclosure, so Enter and Space open and
 * close it from the keyboard and a screen reader hears its state.
 */
export function SettingsGroup({ id, title, open, onToggle, children }: Props) {
  return (
    <details
      className="dash-group"
      data-group={id}
      open={open}
      onToggle={(e) => {
        if (e.currentTarget.open !== open) onToggle(e.currentTarget.open);
      }}
    >
      <summary>{title}</summary>
      <div className="dash-group__body">{children}</div>
    </details>
  );
}
