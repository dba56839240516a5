import { ResetPasswordScreen } from '#client/features/auth/components/reset-password-screen';
import { PublicPage } from '../public-page';

export default function ResetPasswordRoute() {
  return (
    <PublicPage authLinks={false} mainClassName="bg-muted/60">
      <ResetPasswordScreen />
    </PublicPage>
  );
}
