import { AuthScreen } from '#client/features/auth/components/auth-screen';
import { PublicPage } from '../public-page';

export default function AuthRoute() {
  return (
    <PublicPage authLinks={false} mainClassName="bg-muted/60">
      <AuthScreen />
    </PublicPage>
  );
}
