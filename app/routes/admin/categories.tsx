// Placeholder: built by its issue.
export default function Page() {
  return (
    <main className="page">
      <h1>categories</h1>
    </main>
  );
}
