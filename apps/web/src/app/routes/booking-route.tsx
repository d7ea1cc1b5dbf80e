import { useParams } from 'react-router';
import { BookingPage } from '../../features/booking/components/booking-page.tsx';

/** `/booking/{token}`: the candidate's booking page behind the e-mailed or texted link (no session). */
export function BookingRoute() {
  const { token } = useParams();
  return <BookingPage key={token} token={token ?? ''} />;
}
