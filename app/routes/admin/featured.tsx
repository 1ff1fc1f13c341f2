// Placeholder: built by its issue.
export default function Page() {
  return (
    <main className="page">
      <h1>featured</h1>
    </main>
  );
}
