// Placeholder: built by its issue.
export default function Page() {
  return (
    <main className="page">
      <h1>తాజా వార్తలు</h1>
    </main>
  );
}
