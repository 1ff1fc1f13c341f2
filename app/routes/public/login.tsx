// /login redirects to / (the login landing route; the modal signs in).
import { redirect } from 'react-router';

export function loader() {
  return redirect('/');
}

export default function Login() {
  return null;
}
