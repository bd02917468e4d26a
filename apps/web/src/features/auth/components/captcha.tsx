/**
 * The captcha of the auth forms (architecture.md "Stack"). By default the ALTCHA proof of work: the
 * widget fetches a challenge from GET /api/auth/captcha, solves it on load without any click, and its
 * payload (base64) becomes the `captchaToken` of the form. When the server is configured for Cloudflare
 * Turnstile (GET /api/auth/captcha-provider), the Turnstile widget gives the token instead. The widget
 * code loads only with the forms that need it.
 */

import { Box, Skeleton } from '@mantine/core';
import type { TurnstileInstance } from '@marsidev/react-turnstile';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { forwardRef, lazy, Suspense, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstUse } from '@/lib/first-use';
import { useCaptchaProvider } from '../api/auth';

const Turnstile = lazy(() => import('@marsidev/react-turnstile').then((m) => ({ default: m.Turnstile })));

export interface CaptchaHandle {
  /** forget the spent payload and solve a fresh challenge (after each submission) */
  renew: () => void;
}

interface Props {
  onChange: (payload: string | null) => void;
}

const STRING_KEYS = [
  'ariaLinkLabel',
  'enterCode',
  'enterCodeAria',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

export const Captcha = forwardRef<CaptchaHandle, Props>(function Captcha({ onChange }, ref) {
  const { t } = useTranslation('auth');
  // Which captcha is asked at the page's first use, as ALTCHA's widget loads then: no request while a
  // phone is still taking the page over.
  const [used, setUsed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void firstUse().then(() => !cancelled && setUsed(true));
    return () => {
      cancelled = true;
    };
  }, []);
  const provider = useCaptchaProvider(used);
  if (provider.isPending)
    return <Skeleton h={66} radius="md" role="status" aria-label={t('captcha.loading')} />;
  if (provider.data?.provider === 'turnstile')
    return <TurnstileCaptcha ref={ref} siteKey={provider.data.siteKey} onChange={onChange} />;
  return <AltchaCaptcha ref={ref} onChange={onChange} />;
});

/** Cloudflare Turnstile; its token is the `captchaToken`, spent by the server's siteverify call. */
const TurnstileCaptcha = forwardRef<CaptchaHandle, Props & { siteKey: string }>(function TurnstileCaptcha(
  { onChange, siteKey },
  ref,
) {
  const { t, i18n } = useTranslation('auth');
  const widget = useRef<TurnstileInstance | undefined>(undefined);
  useImperativeHandle(ref, () => ({
    renew: () => {
      onChange(null);
      widget.current?.reset();
    },
  }));
  return (
    <Box data-testid="captcha">
      <Suspense fallback={<Skeleton h={66} radius="md" role="status" aria-label={t('captcha.loading')} />}>
        <Turnstile
          ref={widget}
          siteKey={siteKey}
          options={{ theme: 'dark', size: 'flexible', language: i18n.resolvedLanguage ?? 'auto' }}
          onSuccess={(token) => onChange(token)}
          onExpire={() => onChange(null)}
          onError={() => onChange(null)}
        />
      </Suspense>
    </Box>
  );
});

/** ALTCHA v2 proof of work, solved once the page is used (the default and the demo's captcha). */
const AltchaCaptcha = forwardRef<CaptchaHandle, Props>(function AltchaCaptcha({ onChange }, ref) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.resolvedLanguage ?? 'en';
  const [loaded, setLoaded] = useState(false);
  const widgetRef = useRef<AltchaWidgetElement | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let cancelled = false;
    void firstUse()
      .then(() => import('altcha'))
      .then(() => {
        if (cancelled) return;
        // The widget's own texts in the current language, from our translations.
        const strings = Object.fromEntries(STRING_KEYS.map((key) => [key, t(`captcha.${key}`)]));
        globalThis.$altcha.i18n.set(language, strings);
        setLoaded(true);
      });
    return () => {
      cancelled = true;
    };
  }, [language, t]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!loaded || !widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === 'verified' && detail.payload) onChangeRef.current(detail.payload);
      else onChangeRef.current(null);
      // An expired challenge is solved again at once, so the user never has to click.
      if (detail.state === 'expired') void widget.verify();
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [loaded]);

  useImperativeHandle(ref, () => ({
    renew: () => {
      const widget = widgetRef.current;
      onChangeRef.current(null);
      if (!widget) return;
      widget.reset();
      void widget.verify();
    },
  }));

  if (!loaded) return <Skeleton h={66} radius="md" role="status" aria-label={t('captcha.loading')} />;
  return (
    <Box data-testid="captcha">
      <altcha-widget
        ref={widgetRef}
        challenge="/api/auth/captcha"
        auto="onload"
        language={language}
        theme="default"
        style={{
          '--altcha-color-base': '#2b2c3d',
          '--altcha-color-base-content': '#ffffff',
          '--altcha-border-color': '#4d4f66',
          '--altcha-color-primary': '#9a7ce6',
          '--altcha-color-primary-content': '#0c0d21',
          '--altcha-border-radius': '10px',
          '--altcha-max-width': '100%',
        }}
      />
    </Box>
  );
});
