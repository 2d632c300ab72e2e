import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useIntakeSettings, useUpdateIntakeSettings } from '../api/update-intake-settings';

/** The QR code is drawn here, in the browser, by the qrcode package (loaded only on this card). */
function useQrCode(url: string | null) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(url, { width: 320, margin: 2, errorCorrectionLevel: 'M' }))
      .then((image) => current && setDataUrl(image))
      .catch(() => current && setDataUrl(null));
    return () => {
      current = false;
    };
  }, [url]);
  return dataUrl;
}

/**
 * On an organisation administrator's profile: the intake link and its QR code, ready for a
 * poster, and the switch for reports without an account.
 */
export function IntakeLinkCard() {
  const t = useT();
  const organization = useIntakeSettings();
  const update = useUpdateIntakeSettings();
  const [copied, setCopied] = useState(false);
  const data = organization.data;
  const isAdmin = Boolean(data?.is_admin);
  const url = data && isAdmin ? `${window.location.origin}${paths.intake(data.slug)}` : null;
  const qr = useQrCode(url);
  if (!data || !isAdmin || !url) return null;
  const accepts = data.accepts_guest_reports;

  return (
    <Card className="space-y-4">
      <h2 className="text-xl font-semibold text-brand-900">
        {t('intake.link.title', { name: data.name })}
      </h2>
      <p className="text-muted">{t('intake.link.explain')}</p>
      <p className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm wrap-anywhere">{url}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('intake.copied') : t('intake.link.copy')}
        </Button>
        {qr && (
          <a
            href={qr}
            download={`candor-report-${data.slug}.png`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
          >
            {t('intake.link.downloadQr')}
          </a>
        )}
      </div>
      {qr ? (
        <img
          src={qr}
          width={200}
          height={200}
          alt={t('intake.link.qrAlt', { url })}
          className="rounded-lg border border-slate-200"
        />
      ) : (
        <p className="text-sm text-muted">{t('intake.link.drawingQr')}</p>
      )}
      <div className="border-t border-slate-200 pt-4">
        <SettingSwitch
          label={t('intake.link.accept')}
          checked={accepts}
          note={accepts ? t('intake.link.on') : t('intake.link.off')}
          saving={update.isPending}
          failure={update.isError ? t('intake.link.saveFailed') : null}
          onChange={(checked) => update.mutate({ accepts_guest_reports: checked })}
        />
      </div>
    </Card>
  );
}
