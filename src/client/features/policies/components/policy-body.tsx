import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { renderMarkup } from '#client/i18n/trans';
import { LEGAL_CONTACT } from '#shared/retention';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/** The tags policy texts may use, e.g. `<settings>Settings</settings>`. */
const LINKS: Record<string, ReactElement> = {
  terms: <Link to="/terms" className={linkClass} />,
  privacy: <Link to="/privacy" className={linkClass} />,
  cookies: <Link to="/cookies" className={linkClass} />,
  settings: <Link to="/settings" className={linkClass} />,
  subscription: <Link to="/subscription" className={linkClass} />,
  preferences: <Link to="/preferences" className={linkClass} />,
  mailSupport: <a href={`mailto:${LEGAL_CONTACT.support}`} className={linkClass} />,
  mailPrivacy: <a href={`mailto:${LEGAL_CONTACT.privacy}`} className={linkClass} />,
};

/**
 * A policy text: paragraphs separated by blank lines; a paragraph whose lines all start with
 * "- " is a bulleted list.
 */
export function PolicyBody({ text }: { text: string }) {
  return (
    <div className="grid gap-3 leading-relaxed">
      {text.split(/\n{2,}/).map((block, index) => {
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <ul key={index} className="grid list-disc gap-1.5 ps-6">
              {lines.map((line, item) => (
                <li key={item}>{renderMarkup(line.slice(2), LINKS)}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{renderMarkup(block, LINKS)}</p>;
      })}
    </div>
  );
}
