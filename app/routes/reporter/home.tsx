// Placeholder: built by its issue.
export default function Page() {
  return (
    <main className="page">
      <h1>Reporter Dashboard</h1>
    </main>
  );
}
