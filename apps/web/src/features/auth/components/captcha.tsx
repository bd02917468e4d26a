/**
 * The ALTCHA proof-of-work captcha (architecture.md): the widget fetches a challenge from
 * GET /api/auth/captcha, solves it on load without any click, and its payload (base64) becomes the
 * `captchaToken` of the form. The widget code loads only with the forms that need it.
 */

import { Box, Skeleton } from '@mantine/core';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t, i18n } = useTranslation('auth');
  const language = i18n.resolvedLanguage ?? 'en';
  const [loaded, setLoaded] = useState(false);
  const widgetRef = useRef<AltchaWidgetElement | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let cancelled = false;
    void import('altcha').then(() => {
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

  if (!loaded) return <Skeleton h={66} radius="md" aria-label={t('captcha.loading')} />;
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
