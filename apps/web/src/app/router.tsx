import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { UserPlus } from 'lucide-react';
import { lazyRoute } from './lazy-route.tsx';
import { loadScreen, routeModules } from './route-modules.ts';
import { ScreenLoaderContext } from './session/screen-loader-context.ts';

const GuestLayout = lazyRoute(routeModules.guestLayout, (m) => m.GuestLayout);
const PublicLayout = lazyRoute(routeModules.publicLayout, (m) => m.PublicLayout);
const LoginRoute = lazyRoute(routeModules.login, (m) => m.LoginRoute);
const ForgotPasswordRoute = lazyRoute(routeModules.forgotPassword, (m) => m.ForgotPasswordRoute);
const ResetPasswordRoute = lazyRoute(routeModules.resetPassword, (m) => m.ResetPasswordRoute);
const PublicPlaceholderRoute = lazyRoute(routeModules.publicPlaceholder, (m) => m.PublicPlaceholderRoute);
const DocumentsUploadRoute = lazyRoute(routeModules.documentsUpload, (m) => m.DocumentsUploadRoute);
const SharedRoute = lazyRoute(routeModules.shared, (m) => m.SharedRoute);
const BookingRoute = lazyRoute(routeModules.booking, (m) => m.BookingRoute);
const SignedInRoutes = lazyRoute(routeModules.signedIn, (m) => m.SignedInRoutes);
// Its own small chunk, fetched beside the first screen: the sign-in page's first load stays in its
// budget (scripts/check-bundle-budget.ts), and no navigation happens before it is there.
const ScrollRestoration = lazy(() => import('./navigation/scroll-restoration.tsx').then((m) => ({ default: m.ScrollRestoration })));

/**
 * Spec 2 route table. Every screen is its own chunk (route-modules.ts). Scroll positions follow
 * the navigations of every page, signed in or not (ScrollRestoration).
 */
export function AppRoutes() {
  return (
    <ScreenLoaderContext value={loadScreen}>
      <Suspense fallback={null}>
        <ScrollRestoration />
      </Suspense>
      <Routes>
        <Route element={<GuestLayout />}>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
          <Route path="/reset-password" element={<ResetPasswordRoute />} />
          <Route path="/register" element={<PublicPlaceholderRoute titleKey="shared:register" icon={UserPlus} />} />
        </Route>
        <Route element={<PublicLayout />}>
          <Route path="/shared/:token/*" element={<SharedRoute />} />
          <Route path="/booking/:token" element={<BookingRoute />} />
          <Route path="/documents-upload/:token" element={<DocumentsUploadRoute />} />
        </Route>
        {/* Every other path: the signed-in pages (their own chunk), or their "not found". */}
        <Route path="*" element={<SignedInRoutes />} />
      </Routes>
    </ScreenLoaderContext>
  );
}
