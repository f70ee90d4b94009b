import https from 'node:https';

import { DAY_MS } from '@shared/days';

import type { DbOrTx } from '../../db/connect';
import { hostReach, publicOnlyLookup } from '../../lib/publicAddress';
import { checkClientMetadata } from './clientRegistration';
import { clientById, type ClientRow, upsertDocumentClient } from './clients.queries';

/**
 * Client ID Metadata Documents (the MCP authorization spec, draft-ietf-oauth-client-id-metadata-document):
 * a client may name itself by an https URL instead of registering; the document at that URL is
 * its metadata. Adwise reads it through the SSRF guard (public addresses only), keeps it in
 * mcp_clients and reads it again once it is a day old.
 */

/** A document is read again after this long (the client may have changed its redirect URIs). */
export const METADATA_DOCUMENT_MAX_AGE_MS = DAY_MS;
/** The most a document may take to arrive, and its largest size (the draft suggests 5 KB). */
export const METADATA_DOCUMENT_TIMEOUT_MS = 5_000;
export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;

/** Reads a metadata document and answers its parsed JSON, or throws. Tests pass their own. */
export type FetchClientDocument = (url: string) => Promise<unknown>;

/** Whether a client_id is a metadata document's URL: https, with a path (the draft requires one). */
export function isMetadataDocumentClientId(clientId: string): boolean {
  if (!clientId.startsWith('https://') || !URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  return url.pathname !== '/' && !url.hash && !url.username && !url.password;
}

/**
 * The real reader: one GET over https, connecting only to public addresses (checked again by the
 * connection's own lookup, so DNS rebinding cannot lead it inside), no redirect followed, at most
 * METADATA_DOCUMENT_MAX_BYTES within METADATA_DOCUMENT_TIMEOUT_MS.
 */
export const fetchClientDocument: FetchClientDocument = async (url) => {
  const target = new URL(url);
  if ((await hostReach(target.hostname)) !== 'public') throw new Error('The document is not on the public internet.');
  const signal = AbortSignal.timeout(METADATA_DOCUMENT_TIMEOUT_MS);
  const text = await new Promise<string>((resolve, reject) => {
    const request = https.get(
      target,
      { headers: { accept: 'application/json', 'user-agent': 'Adwise-OAuth/1' }, lookup: publicOnlyLookup([]), signal },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`The document answered HTTP ${response.statusCode}.`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > METADATA_DOCUMENT_MAX_BYTES) {
            request.destroy();
            reject(new Error('The document is too large.'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
  return JSON.parse(text) as unknown;
};

/**
 * The client a metadata document describes: from mcp_clients while it is less than a day old,
 * else read (again) and stored. Null when the document cannot be read, is not valid client
 * metadata, or does not name itself (its client_id must be its own URL: a document cannot speak
 * for another client).
 */
export async function clientFromMetadataDocument(
  db: DbOrTx,
  clientId: string,
  now: Date,
  fetchDocument: FetchClientDocument,
): Promise<ClientRow | null> {
  const cached = await clientById(db, clientId);
  if (cached?.fetchedAt && now.getTime() - cached.fetchedAt.getTime() < METADATA_DOCUMENT_MAX_AGE_MS) return cached;
  let document: unknown;
  try {
    document = await fetchDocument(clientId);
  } catch {
    return null;
  }
  if (typeof document !== 'object' || document === null || (document as { client_id?: unknown }).client_id !== clientId)
    return null;
  let metadata;
  try {
    metadata = await checkClientMetadata(document);
  } catch {
    return null;
  }
  const values = {
    name: metadata.client_name,
    clientUri: metadata.client_uri,
    redirectUris: metadata.redirect_uris,
    fetchedAt: now,
  };
  return upsertDocumentClient(db, clientId, now, values);
}

/** The client a client_id names: a registered one, or a metadata document's. Null when unknown. */
export async function findClient(
  db: DbOrTx,
  clientId: string,
  now: Date,
  fetchDocument: FetchClientDocument,
): Promise<ClientRow | null> {
  if (isMetadataDocumentClientId(clientId)) return clientFromMetadataDocument(db, clientId, now, fetchDocument);
  const row = await clientById(db, clientId);
  return row && !row.fromMetadataDocument ? row : null;
}
