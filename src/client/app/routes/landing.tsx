import { PublicPage } from '../public-page';
import { LandingScreen } from '#client/features/marketing/components/landing-screen';

export default function LandingRoute() {
  return (
    <PublicPage landing>
      <LandingScreen />
    </PublicPage>
  );
}
