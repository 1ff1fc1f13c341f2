// Placeholder: built by its issue.
export default function Page() {
  return (
    <main className="page">
      <h1>edit-approved-article</h1>
    </main>
  );
}
