/** A screen that part 2 of the dashboard (or the article editor) fills in. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section>
      <h1>{title}</h1>
      <p className="dash-muted">This screen is not built yet.</p>
    </section>
  );
}
