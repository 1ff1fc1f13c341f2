// Placeholder: built by its issue.
export default function Page() {
  return (
    <main className="page">
      <h1>approved-articles</h1>
    </main>
  );
}
