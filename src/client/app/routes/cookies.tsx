import { CookieInventoryTable } from '#client/features/cookies/components/cookie-inventory-table';
import { CookiePreferencesForm } from '#client/features/cookies/components/cookie-preferences-form';
import { PolicyPage } from '#client/features/policies/components/policy-page';
import { COOKIE_SECTIONS } from '#client/features/policies/sections';

export default function CookiesRoute() {
  return (
    <PolicyPage
      name="cookies"
      sections={COOKIE_SECTIONS}
      extra={{ whatWeSet: <CookieInventoryTable />, yourChoices: <CookiePreferencesForm /> }}
    />
  );
}
