import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';

// As the planner's route: the page's chunk list lives in this small module, not in the app's entry.
const BookingPage = lazy(() =>
  import('../../features/booking/components/booking-page.tsx').then((m) => ({
    default: m.BookingPage,
  })),
);

/** `/booking/{token}`: the applicant's booking page behind the e-mailed or texted link (no session). */
export function BookingRoute() {
  const { token } = useParams();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <BookingPage key={token} token={token ?? ''} />
    </Suspense>
  );
}
