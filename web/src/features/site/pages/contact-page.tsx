import { useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { Icon } from '#web/ui/icon.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useAdoptEarlyInput } from '#web/ui/form/use-early-input.ts';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { useCreateContactMessage } from '../hooks/use-create-contact-message.ts';
import { useSiteSettings } from '../hooks/use-site-settings.public.ts';

type FieldName = 'name' | 'email' | 'phone' | 'message';
const EMPTY = { name: '', email: '', phone: '', message: '', website: '' };

/**
 * The form checks input with the server's own schema, but loads it (and zod) only once the reader
 * starts on the form: the contact page's first load stays within its byte budget.
 */
let schemaModule: Promise<typeof import('@sahay/server/modules/site/contact/contact.schema')> | undefined;
function loadSchema() {
  schemaModule ??= import('@sahay/server/modules/site/contact/contact.schema');
  schemaModule.catch(() => (schemaModule = undefined));
  return schemaModule;
}

export default function ContactPage() {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  usePageMeta('contact.metaTitle', 'contact.metaDescription');
  const settings = useSiteSettings();
  const send = useCreateContactMessage();
  const [values, setValues] = useState(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isChecking, setIsChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, (typed) => setValues((current) => ({ ...current, ...typed })));

  const fieldErrors: FieldErrors = { ...clientErrors, ...fieldErrorsOf(send.error) };
  const errorsFor = (field: FieldName) => fieldErrors[field]?.map(translateServer);
  const formError = send.error ? errorText(send.error, 'contact.failed') : undefined;
  const address = settings.address[lang] || settings.address.en;

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setIsChecking(true);
    const schema = await loadSchema().catch(() => undefined);
    setIsChecking(false);
    // Without the schema (offline) the server still checks everything.
    const parsed = schema?.ZCreateContactMessageRequestSchema.safeParse(values);
    if (parsed && !parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      send.reset();
      const first = (['name', 'email', 'phone', 'message'] as const).find((field) => found[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    if (await send.mutate(parsed?.data ?? values)) setValues(EMPTY);
  }

  return (
    <div className="container page-contact">
      <h1>{t('contact.heading')}</h1>
      <p>{t('contact.intro')}</p>
      <div className="contact-grid">
        <section aria-labelledby="contact-details-heading" className="panel">
          <h2 id="contact-details-heading">{t('contact.detailsHeading')}</h2>
          <ul className="contact-list">
            {settings.phone && (
              <li>
                <Icon name="phone" />
                <span>
                  {t('contact.phone')} <a href={`tel:${settings.phone.replace(/[\s-]/g, '')}`}>{settings.phone}</a>
                </span>
              </li>
            )}
            <li>
              <Icon name="mail" />
              <span>
                {t('contact.email')} <a href={`mailto:${settings.email}`}>{settings.email}</a>
              </span>
            </li>
            {address && (
              <li>
                <Icon name="pin" />
                <span>
                  {t('contact.address')} <span data-testid="contact-address">{address}</span>
                </span>
              </li>
            )}
          </ul>
          {settings.mapLink && (
            <p>
              <a href={settings.mapLink} rel="noopener noreferrer" className="btn btn-secondary">
                {t('contact.map')}
              </a>
            </p>
          )}
        </section>

        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading">{t('contact.formHeading')}</h2>
          {send.isSuccess && (
            <div role="status">
              <Notice tone="success">
                <p>{t('contact.sent')}</p>
              </Notice>
            </div>
          )}
          <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadSchema().catch(() => undefined)}>
            <TextField name="name" label={t('contact.name')} autoComplete="name" required value={values.name} onChange={set('name')} errors={errorsFor('name')} />
            <TextField
              name="email"
              type="email"
              label={t('contact.emailField')}
              hint={t('contact.replyHint')}
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              value={values.email}
              onChange={set('email')}
              errors={errorsFor('email')}
            />
            <TextField
              name="phone"
              type="tel"
              label={t('contact.phoneField')}
              autoComplete="tel"
              inputMode="tel"
              value={values.phone}
              onChange={set('phone')}
              errors={errorsFor('phone')}
            />
            <TextField name="message" label={t('contact.message')} multiline rows={6} required value={values.message} onChange={set('message')} errors={errorsFor('message')} />
            {/* A honeypot: people never see or reach it; bots that fill every field are dropped by the server. */}
            <div className="hp-field" aria-hidden="true">
              <label htmlFor="contact-website">{t('contact.website')}</label>
              <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
            </div>
            <FormError message={formError?.message} hint={formError?.hint} />
            <SubmitButton isBusy={send.isPending || isChecking} label={t('contact.submit')} busyLabel={t('common.submitting')} />
          </form>
        </section>
      </div>
    </div>
  );
}
