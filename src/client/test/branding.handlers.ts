import { BRANDING_MESSAGES, BRANDING_TEXT_COLOUR, type WorkspaceBranding } from '@shared/api/branding';
import { WORKSPACE_HEADER } from '@shared/api/workspaces';
import { contrastRatio } from '@shared/contrast';
import { http, HttpResponse } from 'msw';

import { api } from './handlers';

/** A workspace's branding as GET workspace/branding/ answers; by default none saved yet. */
export function brandingBody(overrides: Partial<WorkspaceBranding> = {}): WorkspaceBranding {
  return {
    configured: false,
    name: 'Acme Shoes',
    primary_color: null,
    contrast_ratio: null,
    sender_name: null,
    reply_to: null,
    logo: null,
    updated_at: null,
    ...overrides,
  };
}

/** Saved branding with a logo, as a client-role member would see it. */
export function savedBrandingBody(overrides: Partial<WorkspaceBranding> = {}): WorkspaceBranding {
  return brandingBody({
    configured: true,
    name: 'Acme Shoes Ltd',
    primary_color: '#1a4fa0',
    contrast_ratio: 8.14,
    logo: {
      url: '/api/branding/logo/ws.0123456789abcdef.sig/',
      content_type: 'image/png',
      width: 120,
      height: 40,
      bytes: 2048,
    },
    updated_at: '2030-01-07T09:00:00.000Z',
    ...overrides,
  });
}

/** Every screen may ask for the branding (the top bar does): none saved. */
export const defaultBrandingHandlers = [http.get(api('workspace/branding/'), () => HttpResponse.json(brandingBody()))];

/**
 * The branding endpoints with state, checking a PUT's colour as the server does (a contrast below
 * AA is a 400 with the ratio); tests read what was sent from `requests`.
 */
export function fakeBrandingServer(initial: WorkspaceBranding = brandingBody()) {
  let branding = initial;
  const requests = { saved: [] as Record<string, unknown>[], removedLogo: 0, headers: [] as (string | null)[] };
  const handlers = [
    http.get(api('workspace/branding/'), ({ request }) => {
      requests.headers.push(request.headers.get(WORKSPACE_HEADER));
      return HttpResponse.json(branding);
    }),
    http.put(api('workspace/branding/'), async ({ request }) => {
      const body = (await request.json()) as {
        name: string;
        primary_color: string;
        sender_name: string | null;
        reply_to: string | null;
        logo: string | null;
      };
      requests.saved.push(body);
      const ratio = contrastRatio(body.primary_color, BRANDING_TEXT_COLOUR) ?? 0;
      if (ratio < 4.5)
        return HttpResponse.json(
          {
            detail: BRANDING_MESSAGES.contrastTooLow(body.primary_color, ratio),
            code: 'validation_failed',
            field: 'primary_color',
          },
          { status: 400 },
        );
      branding = {
        ...branding,
        configured: true,
        name: body.name,
        primary_color: body.primary_color,
        contrast_ratio: Math.floor(ratio * 100) / 100,
        sender_name: body.sender_name,
        reply_to: body.reply_to,
        logo: body.logo
          ? {
              url: `/api/branding/logo/ws.${String(requests.saved.length).padStart(16, '0')}.sig/`,
              content_type: 'image/png',
              width: 64,
              height: 64,
              bytes: 100,
            }
          : branding.logo,
        updated_at: '2030-01-07T09:00:00.000Z',
      };
      return HttpResponse.json(branding);
    }),
    http.delete(api('workspace/branding/logo/'), () => {
      requests.removedLogo += 1;
      branding = { ...branding, logo: null };
      return HttpResponse.json(branding);
    }),
  ];
  return { handlers, requests, current: () => branding };
}
