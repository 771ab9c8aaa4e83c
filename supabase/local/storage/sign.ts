/**
 * Signed URLs (supabase/storage `src/storage/object.ts` signObjectUrl / verifyObjectSignature):
 * a JWT signed with the project's JWT secret carrying the `bucket/name` it opens, its scope
 * (download or upload) and `exp`. Serving a signed URL needs no API key and no RLS: the
 * signature is the permission, granted when the URL was created by a caller who could read.
 * A download URL signed with image transformations carries them in the token (`transformations`,
 * `format`) and points at /render/image/sign/…: they cannot be changed once signed.
 */
import type { ServerConfig } from '../config.ts';
import { JwtError, signJwt, verifyJwt, type JwtClaims } from '../auth/jwt.ts';
import { errors } from './errors.ts';

export const SCOPE_DOWNLOAD = 'download';
export const SCOPE_UPLOAD = 'upload';
/** Storage's UPLOAD_SIGNED_URL_EXPIRATION_TIME default: two hours. */
const UPLOAD_URL_SECONDS = 7200;

/** Storage's assertValidNumericJWTExpiration. */
export function mustBeValidExpiry(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
    throw errors.invalidParameter('expiresIn', 'expiresIn must be a number greater than or equal to 1');
  }
  return Math.floor(value);
}

function sign(claims: JwtClaims, config: ServerConfig, expiresIn: number): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ ...claims, iat, exp: iat + expiresIn }, config.jwtSecret);
}

/** Transformations a signed download URL carries, in Storage's claim form (`width:200,resize:cover`). */
export interface SignedTransform {
  transformations: string;
  format?: string | undefined;
}

/**
 * The `signedURL` Storage returns: relative to /storage/v1, path not encoded (storage-js encodes).
 * With transformations, the URL renders the image (Storage's signObjectUrl).
 */
export function signDownloadUrl(
  config: ServerConfig,
  bucket: string,
  name: string,
  expiresIn: number,
  transform?: SignedTransform,
): string {
  const url = `${bucket}/${name}`;
  if (transform?.transformations) {
    const { transformations, format } = transform;
    const token = sign(
      { url, scope: SCOPE_DOWNLOAD, transformations, ...(format ? { format } : {}) },
      config,
      expiresIn,
    );
    return `/render/image/sign/${url}?token=${token}`;
  }
  return `/object/sign/${url}?token=${sign({ url, scope: SCOPE_DOWNLOAD }, config, expiresIn)}`;
}

export function signUploadUrl(
  config: ServerConfig,
  bucket: string,
  name: string,
  owner: string | undefined,
  upsert: boolean,
): { url: string; token: string } {
  const url = `${bucket}/${name}`;
  const token = sign({ owner, url, upsert, scope: SCOPE_UPLOAD }, config, UPLOAD_URL_SECONDS);
  return { url: `/object/upload/sign/${url}?token=${token}`, token };
}

export interface SignedClaims {
  url: string;
  exp: number;
  owner: string | undefined;
  upsert: boolean;
  /** Download tokens: the image transformations signed with the URL, if any. */
  transformations: string | undefined;
  format: string | undefined;
}

/** Checks signature, scope, the object the token was made for, then expiry. */
export function verifySignedUrl(
  config: ServerConfig,
  token: string | null,
  bucket: string,
  name: string,
  scope: typeof SCOPE_DOWNLOAD | typeof SCOPE_UPLOAD,
): SignedClaims {
  if (!token) throw errors.badRequest("querystring must have required property 'token'");
  let claims: JwtClaims;
  try {
    // now = 0: expiry is checked below without the API's clock leeway, with Storage's error.
    claims = verifyJwt(token, config.jwtSecret, 0);
  } catch (e) {
    if (e instanceof JwtError) throw errors.invalidJwt(e.message);
    throw e;
  }
  const hasScope =
    scope === SCOPE_UPLOAD
      ? claims.scope === SCOPE_UPLOAD || (claims.scope === undefined && typeof claims.upsert === 'boolean')
      : claims.scope === SCOPE_DOWNLOAD || (claims.scope === undefined && claims.upsert === undefined);
  if (!hasScope) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
  if (typeof claims.url !== 'string' || claims.url !== `${bucket}/${name}`) throw errors.invalidSignature();
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw errors.expiredSignature();
  return {
    url: claims.url,
    exp: claims.exp,
    owner: typeof claims.owner === 'string' ? claims.owner : undefined,
    upsert: claims.upsert === true,
    transformations: typeof claims.transformations === 'string' ? claims.transformations : undefined,
    format: typeof claims.format === 'string' ? claims.format : undefined,
  };
}
