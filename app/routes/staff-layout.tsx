// The shell of every staff screen (/admin-dashboard/**, /reporter-dashboard/**, /reporter/view-article/**):
// the staff menu, none of the reader's parts (ticker, breaking strip, most-read, ads) and no cachePolicy,
// so the page cache never keeps these pages. Each dashboard layout below checks its role.
import { Outlet } from 'react-router';
import { StaffShell } from '../components/staff/StaffShell.tsx';

export default function StaffLayout() {
  return (
    <StaffShell>
      <Outlet />
    </StaffShell>
  );
}
