import {
  BookOpen,
  ChartBar,
  Download,
  Eye,
  File,
  FileText,
  Landmark,
  type LucideIcon,
  MessageSquare,
  Scale,
} from 'lucide-react';
import type { Document } from '#shared/schemas/legal-change-detail';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { useDocuments } from '../api/get-documents';
import { ExternalLink, SectionError, SectionLoading } from './section-states';

const DOCUMENT_TYPES = [
  'bill',
  'act',
  'regulation',
  'guidance',
  'consultation',
  'impact_assessment',
  'other',
] as const;
type DocumentType = (typeof DOCUMENT_TYPES)[number];

const ICONS: Record<DocumentType, LucideIcon> = {
  bill: FileText,
  act: Landmark,
  regulation: Scale,
  guidance: BookOpen,
  consultation: MessageSquare,
  impact_assessment: ChartBar,
  other: File,
};

function documentType(value: string): DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value) ? (value as DocumentType) : 'other';
}

function DocumentCard({ document }: { document: Document }) {
  const { t } = useTranslation();
  const format = useFormat();
  const type = documentType(document.documentType);
  const Icon = ICONS[type];
  const details = [
    document.fileFormat ? { label: t('legalChange.documents.format'), value: document.fileFormat } : null,
    document.fileSize !== null
      ? { label: t('legalChange.documents.size'), value: format.fileSize(document.fileSize) }
      : null,
    document.publishedDate
      ? {
          label: t('legalChange.documents.published'),
          value: format.date(document.publishedDate) || t('legalChange.invalidDate'),
        }
      : null,
  ].filter((item): item is { label: string; value: string } => item !== null);
  return (
    <li className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 rounded-lg border bg-card p-4">
      <span className="flex size-10 items-center justify-center rounded-md bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base leading-snug font-semibold break-words">{document.title}</h3>
          <Badge variant="secondary">{t(`legalChange.documents.type.${type}`)}</Badge>
        </div>
        {details.length > 0 && (
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            {details.map((item) => (
              <div key={item.label} className="flex gap-1">
                <dt className="font-medium">{item.label}:</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {document.description && (
          <p className="text-sm leading-relaxed text-muted-foreground">{document.description}</p>
        )}
        {(document.fileUrl || document.downloadUrl) && (
          <div className="flex flex-wrap gap-2">
            {document.fileUrl && (
              <Button variant="outline" size="sm" asChild>
                <ExternalLink
                  href={document.fileUrl}
                  aria-label={t('legalChange.documents.viewNamed', { title: document.title })}
                >
                  <Eye aria-hidden="true" />
                  {t('legalChange.documents.view')}
                </ExternalLink>
              </Button>
            )}
            {document.downloadUrl && (
              <Button variant="outline" size="sm" asChild>
                <a
                  href={document.downloadUrl}
                  download
                  aria-label={t('legalChange.documents.downloadNamed', { title: document.title })}
                >
                  <Download aria-hidden="true" />
                  {t('legalChange.documents.download')}
                </a>
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** The Documents tab: the item's papers with View and Download links. */
export function DocumentsTab({ legalChangeId }: { legalChangeId: number }) {
  const { t } = useTranslation();
  const documents = useDocuments(legalChangeId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalChange.documents.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {documents.isPending ? (
          <SectionLoading label={t('common.loading')} />
        ) : documents.isError ? (
          <SectionError onRetry={() => void documents.refetch()} />
        ) : documents.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t('legalChange.documents.empty')}
          </p>
        ) : (
          <ul className="grid gap-3">
            {documents.data.map((document) => (
              <DocumentCard key={document.id} document={document} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
