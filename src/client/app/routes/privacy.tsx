import { PolicyPage } from '#client/features/policies/components/policy-page';
import { PRIVACY_SECTIONS } from '#client/features/policies/sections';

export default function PrivacyRoute() {
  return <PolicyPage name="privacy" sections={PRIVACY_SECTIONS} />;
}
