import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { API_BURST_REQUESTS, API_DAILY_REQUESTS, MCP_PATH, PUBLIC_API_BASE } from '#shared/api-keys';
import { ApiReference, OPENAPI_URL } from './api-reference';
import { CodeBlock } from './code-block';

const KEY_PLACEHOLDER = 'lwk_live_…';

function origin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** /developers: how to get a key, a first request, the limits, the MCP setup and the reference. */
export function DevelopersScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const base = origin();
  const curl = `curl -H "Authorization: Bearer ${KEY_PLACEHOLDER}" \\\n  "${base}${PUBLIC_API_BASE}/legal-changes?limit=5"`;
  const mcpConfig = JSON.stringify(
    {
      mcpServers: {
        lexwatch: {
          type: 'http',
          url: `${base}${MCP_PATH}`,
          headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` },
        },
      },
    },
    null,
    2,
  );
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('developers.page.title')}</h1>
        <p className="text-muted-foreground">{t('developers.page.description')}</p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('developers.page.keyTitle')}</CardTitle>
            <CardDescription>{t('developers.page.keyText')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/settings#developers" className="font-medium text-primary underline underline-offset-4">
              {t('developers.page.keyLink')}
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('developers.page.limitsTitle')}</CardTitle>
            <CardDescription>
              {t('developers.page.limitsText', {
                basic: format.number(API_DAILY_REQUESTS.basic),
                premium: format.number(API_DAILY_REQUESTS.premium),
                burst: format.number(API_BURST_REQUESTS),
              })}
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('developers.page.requestTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <CodeBlock code={curl} label={t('developers.page.requestTitle')} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('developers.page.mcpTitle')}</CardTitle>
          <CardDescription>{t('developers.page.mcpText')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <CodeBlock code={mcpConfig} label={t('developers.page.mcpTitle')} />
          <p className="text-sm text-muted-foreground">{t('developers.page.mcpTools')}</p>
        </CardContent>
      </Card>
      <section className="grid gap-3" aria-labelledby="api-reference-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="api-reference-heading" className="text-xl font-semibold">
            {t('developers.page.referenceTitle')}
          </h2>
          <a href={OPENAPI_URL} className="text-sm text-primary underline underline-offset-4">
            {t('developers.page.openapiLink')}
          </a>
        </div>
        <p className="text-muted-foreground">{t('developers.page.referenceText')}</p>
        <ApiReference />
      </section>
    </div>
  );
}
