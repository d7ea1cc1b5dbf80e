import { Route, Routes } from 'react-router';
import { CalendarCheck, Share2, UserPlus } from 'lucide-react';
import { hasPermission } from '@embauche/contracts/permissions';
import { configPages } from '../features/config/lib/config-menu-items.ts';
import { RequireAuth } from './guards/require-auth.tsx';
import { RequirePermission } from './guards/require-permission.tsx';
import { GuestLayout } from './layouts/guest-layout.tsx';
import { MainLayout } from './layouts/main-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { ApplicantRoute } from './routes/applicant-route.tsx';
import { ConfigIndexRoute } from './routes/config-index-route.tsx';
import { ConfigPageRoute } from './routes/config-page-route.tsx';
import { ConfigRoute } from './routes/config-route.tsx';
import { DashboardRoute } from './routes/dashboard-route.tsx';
import { DocumentsUploadRoute } from './routes/documents-upload-route.tsx';
import { LoginRoute } from './routes/login-route.tsx';
import { MailOutboxRoute } from './routes/mail-outbox-route.tsx';
import { MAIN_ROUTES } from './routes/main-routes.ts';
import { NotFoundRoute } from './routes/not-found-route.tsx';
import { OfferRoute } from './routes/offer-route.tsx';
import { PlaceholderPage } from './routes/placeholder-page.tsx';
import { ProfileRoute } from './routes/profile-route.tsx';
import { ProjectOffersRoute } from './routes/project-offers-route.tsx';
import { ProjectsRoute } from './routes/projects-route.tsx';
import { ProjectsOverview } from '../features/projects/components/projects-overview.tsx';
import { PublicPlaceholderRoute } from './routes/public-placeholder-route.tsx';
import { TreatmentRoute } from './routes/treatment-route.tsx';
import { UserSettingsRoute } from './routes/user-settings-route.tsx';

/** Main routes with their own screens; the others still show the placeholder of a later issue. */
const BUILT_SCREENS = new Set(
  MAIN_ROUTES.filter((r) => r.path === '/' || r.path === '/treatment' || r.path.startsWith('/projects') || r.path.startsWith('/applicants/')).map((r) => r.path),
);

/** Spec 2 route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<GuestLayout />}>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/register" element={<PublicPlaceholderRoute titleKey="shared:register" icon={UserPlus} />} />
      </Route>
      <Route element={<PublicLayout />}>
        <Route path="/shared/:token/*" element={<PublicPlaceholderRoute titleKey="shared:shared_content" icon={Share2} />} />
        <Route path="/booking/:token" element={<PublicPlaceholderRoute titleKey="booking:title" icon={CalendarCheck} />} />
        <Route path="/documents-upload/:token" element={<DocumentsUploadRoute />} />
      </Route>
      <Route
        element={
          <RequireAuth>
            <MainLayout />
          </RequireAuth>
        }
      >
        <Route path="/" element={<DashboardRoute />} />
        <Route path="/projects" element={<ProjectsRoute />}>
          <Route index element={<ProjectsOverview />} />
          <Route path="favorites" element={<ProjectsOverview favorites />} />
          <Route path=":id/offers" element={<ProjectOffersRoute />} />
          <Route path=":projectId/offer/:offerId" element={<OfferRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
        {MAIN_ROUTES.filter((route) => !BUILT_SCREENS.has(route.path)).map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <RequirePermission allowed={(me) => hasPermission(me.permissions, route.permission)}>
                <PlaceholderPage titleKey={route.titleKey} icon={route.icon} />
              </RequirePermission>
            }
          />
        ))}
        <Route
          path="/treatment"
          element={
            <RequirePermission allowed={(me) => hasPermission(me.permissions, 'project_application.see')}>
              <TreatmentRoute />
            </RequirePermission>
          }
        />
        <Route
          path="/applicants/:applicantId"
          element={
            <RequirePermission allowed={(me) => hasPermission(me.permissions, 'project_application.see')}>
              <ApplicantRoute />
            </RequirePermission>
          }
        />
        <Route path="/profile" element={<ProfileRoute />} />
        <Route path="/user-settings" element={<UserSettingsRoute />} />
        <Route path="/dev/mail-outbox" element={<MailOutboxRoute />} />
        <Route
          path="/config"
          element={
            <RequirePermission allowed={(me) => hasPermission(me.permissions, 'config.access')}>
              <ConfigRoute />
            </RequirePermission>
          }
        >
          <Route index element={<ConfigIndexRoute />} />
          {configPages().flatMap((item) =>
            [item.path, ...(item.subPages ?? [])].map((path) => (
              <Route key={path} path={path} element={<ConfigPageRoute item={item} />} />
            )),
          )}
          <Route path="*" element={<NotFoundRoute headingLevel="h2" />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
