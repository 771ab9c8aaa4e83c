import './spinner.css';

/** The busy indicator of the dashboard: a spinning ring with a label for screen readers. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="dash-spinner" role="status" aria-live="polite">
      <span className="dash-spinner__ring" aria-hidden="true" />
      <span className="dash-visually-hidden">{label}</span>
    </div>
  );
}
