/**
 * Cookie consent constants shared by the server and the client (spec document 1 §2 cookie
 * consent banner, §9): the policy version a choice is made under and how long a choice holds.
 * Every page's first download carries this module: keep it to these two figures (categories and
 * cookie names are in `./cookie-names`).
 */

/**
 * The version of the cookie and privacy policies a consent is given under. Raise it when the
 * policies change what is stored: every visitor and member is then asked again.
 */
export const COOKIE_POLICY_VERSION = '2026-11-25';

/** A choice is asked for again after this long (the consent record's own duration: 12 months). */
export const CONSENT_VALID_DAYS = 365;
