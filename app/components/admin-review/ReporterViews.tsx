// Readers' views per reporter (approved articles only), most read first: GET /admin/readership/reporters.
import { useEffect, useState } from 'react';
import { call } from '../../lib/api.ts';
import { failureText } from '../dashboard/failure.ts';
import { READERSHIP_ROUTES } from '../../../contract/readership.ts';
import { ColumnHeads } from '../dashboard/ColumnHeads.tsx';

type Row = { reporterId: number; reporterName: string; articles: number; views: number };

export function ReporterViews() {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(READERSHIP_ROUTES.byReporter)
      .then(setRows)
      .catch((e: unknown) => setError(`Error fetching views per reporter: ${failureText(e)}`));
  }, []);
  return (
    <section className="reporter-views" aria-labelledby="reporter-views-heading">
      <h2 id="reporter-views-heading">Views by reporter</h2>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : rows === null ? (
        <p role="status">Loading views...</p>
      ) : rows.length === 0 ? (
        <p>No approved articles yet.</p>
      ) : (
        <table>
          <ColumnHeads names={['Reporter', 'Approved articles', 'Views']} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.reporterId}>
                <td>{row.reporterName}</td>
                <td>{row.articles.toLocaleString('en-IN')}</td>
                <td>{row.views.toLocaleString('en-IN')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
