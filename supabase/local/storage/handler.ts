/**
 * Storage API router (`/storage/v1/…`), laid out like supabase/storage's fastify routes: the
 * bucket API, object upload/download/info/list/delete/move/copy, signed URLs, image
 * transformations (`/render/image/…`). Every failure is
 * answered in Storage's error shape; nothing a client sends can take the server down.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext, Handler } from '../http/context.ts';
import { headerValue, sendJson } from '../http/util.ts';
import * as buckets from './buckets.ts';
import { drainBody, readJson } from './body.ts';
import { errors, sendStorageError, toStorageError } from './errors.ts';
import { decodeSegments, mustBeValidKey } from './keys.ts';
import * as reads from './reads.ts';
import * as render from './render.ts';
import { signingTransform } from './render-options.ts';
import { asService, probe, resolveCaller, SERVICE } from './scope.ts';
import { signUploadUrl, verifySignedUrl, SCOPE_UPLOAD } from './sign.ts';
import * as sql from './objects.ts';
import * as write from './write.ts';

interface Route {
  ctx: AppContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
}

const log = (line: string) => console.error(line);

const json = (r: Route) => readJson(r.req, r.ctx.config.maxBodyBytes);

/** `[bucket, ...name]` → object reference; the name must be a valid key. */
function objectRef(segments: string[]): reads.ObjectRef {
  const [bucket = '', ...rest] = decodeSegments(segments);
  const name = rest.join('/');
  if (!bucket) throw errors.noSuchBucket();
  mustBeValidKey(name);
  return { bucket, name };
}

async function routeBucket(r: Route, segs: string[]): Promise<void> {
  const { ctx, req, res, url, method } = r;
  const caller = resolveCaller(req, ctx);
  const [id, action, ...extra] = decodeSegments(segs);
  if (extra.length > 0) throw errors.routeNotFound(method, req.url ?? '');
  if (id === undefined || id === '') {
    if (method === 'GET') return buckets.listBuckets(ctx, req, res, url, caller);
    if (method === 'POST') return buckets.createBucket(ctx, req, res, caller, await json(r));
  } else if (action === 'empty') {
    if (method === 'POST') return buckets.emptyBucketRoute(ctx, req, res, caller, id);
  } else if (action === undefined) {
    if (method === 'GET') return buckets.getBucket(ctx, req, res, caller, id);
    if (method === 'PUT') return buckets.updateBucket(ctx, req, res, caller, id, await json(r));
    if (method === 'DELETE') return buckets.deleteBucket(ctx, req, res, caller, id);
  }
  throw errors.routeNotFound(method, req.url ?? '');
}

/** /object/sign/… and /object/upload/sign/… */
async function routeSigned(r: Route, segs: string[], upload: boolean): Promise<void> {
  const { ctx, req, res, url, method } = r;
  if (upload) {
    const ref = objectRef(segs);
    if (method === 'PUT') {
      // The token is the permission: the upload runs as the superuser with the token's owner.
      const claims = verifySignedUrl(ctx.config, url.searchParams.get('token'), ref.bucket, ref.name, SCOPE_UPLOAD);
      await write.uploadObject(ctx, req, { ...SERVICE, owner: claims.owner }, ref.bucket, ref.name, claims.upsert);
      return sendJson(res, 200, { Key: `${ref.bucket}/${ref.name}` });
    }
    if (method === 'POST') {
      const caller = resolveCaller(req, ctx);
      const upsert = headerValue(req, 'x-upsert') === 'true';
      const bucket = await asService(ctx, req, (tx) => sql.findBucket(tx, ref.bucket));
      if (!bucket) throw errors.noSuchBucket();
      const contentLength = Number(headerValue(req, 'content-length'));
      await probe(ctx, req, caller, async (tx) => {
        const metadata = {
          mimetype: headerValue(req, 'content-type'),
          ...(Number.isFinite(contentLength) ? { contentLength } : {}),
        };
        const row = await sql.writeObject(
          tx,
          { bucket: ref.bucket, name: ref.name, owner: caller.owner, version: '1', metadata, userMetadata: undefined },
          upsert,
        );
        if (!row) throw errors.keyAlreadyExists();
      });
      return sendJson(res, 200, signUploadUrl(ctx.config, ref.bucket, ref.name, caller.owner, upsert));
    }
    throw errors.routeNotFound(method, req.url ?? '');
  }
  if (method === 'GET' || method === 'HEAD') return reads.downloadSigned(ctx, req, res, url, objectRef(segs));
  if (method === 'POST') {
    const caller = resolveCaller(req, ctx);
    if (segs.length === 1) return reads.signMany(ctx, req, res, caller, decodeSegments(segs)[0]!, await json(r));
    const body = await json(r);
    return reads.signOne(ctx, req, res, caller, objectRef(segs), body, signingTransform(body.transform));
  }
  throw errors.routeNotFound(method, req.url ?? '');
}

async function routeObject(r: Route, segs: string[]): Promise<void> {
  const { ctx, req, res, url, method } = r;
  const read = method === 'GET' || method === 'HEAD';
  const [first, ...rest] = segs;
  if (first === 'public' && read) return reads.download(ctx, req, res, url, undefined, objectRef(rest));
  if (first === 'authenticated' && read) {
    return reads.download(ctx, req, res, url, resolveCaller(req, ctx), objectRef(rest));
  }
  if (first === 'info' && method === 'GET') {
    const [kind, ...path] = rest;
    if (kind === 'public') return reads.info(ctx, req, res, undefined, objectRef(path));
    if (kind === 'authenticated') return reads.info(ctx, req, res, resolveCaller(req, ctx), objectRef(path));
    return reads.info(ctx, req, res, resolveCaller(req, ctx, true), objectRef(rest));
  }
  if (first === 'sign' && rest.length > 0) return routeSigned(r, rest, false);
  if (first === 'upload' && rest[0] === 'sign' && rest.length > 1) return routeSigned(r, rest.slice(1), true);
  if (method === 'POST' && segs.length === 2 && first === 'list') {
    return reads.list(ctx, req, res, resolveCaller(req, ctx), decodeSegments(rest)[0]!, await json(r));
  }
  if (method === 'POST' && segs.length === 1 && first === 'move') {
    const caller = resolveCaller(req, ctx);
    const row = await write.moveObject(ctx, req, caller, write.parseTransfer(await json(r)));
    return sendJson(res, 200, { message: 'Successfully moved', Id: row.id, Key: row.name });
  }
  if (method === 'POST' && segs.length === 1 && first === 'copy') {
    const caller = resolveCaller(req, ctx);
    const body = await json(r);
    const t = write.parseTransfer(body);
    const row = await write.copyObject(ctx, req, caller, t, body, headerValue(req, 'x-upsert') === 'true');
    return sendJson(res, 200, { Id: row.id, Key: `${t.destinationBucket}/${t.destinationKey}`, ...row });
  }
  if (segs.length === 1 && method === 'DELETE') {
    const caller = resolveCaller(req, ctx);
    const body = await json(r);
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || !prefixes.every((p) => typeof p === 'string')) {
      throw errors.badRequest("body must have required property 'prefixes'");
    }
    const bucket = decodeSegments(segs)[0]!;
    return sendJson(res, 200, await write.deleteObjects(ctx, req, caller, bucket, prefixes as string[]));
  }
  if (segs.length >= 2) {
    if (read) return reads.download(ctx, req, res, url, resolveCaller(req, ctx, true), objectRef(segs));
    if (method === 'POST' || method === 'PUT') {
      const caller = resolveCaller(req, ctx);
      const ref = objectRef(segs);
      // PUT (update) always overwrites; POST only with x-upsert: true.
      const upsert = method === 'PUT' || headerValue(req, 'x-upsert') === 'true';
      const row = await write.uploadObject(ctx, req, caller, ref.bucket, ref.name, upsert);
      return sendJson(res, 200, { Id: row.id, Key: `${ref.bucket}/${ref.name}` });
    }
    if (method === 'DELETE') {
      const caller = resolveCaller(req, ctx);
      const ref = objectRef(segs);
      const deleted = await write.deleteObjects(ctx, req, caller, ref.bucket, [ref.name]);
      if (deleted.length === 0) throw errors.noSuchKey();
      return sendJson(res, 200, { message: 'Successfully deleted' });
    }
  }
  throw errors.routeNotFound(method, req.url ?? '');
}

/** /render/image/public|authenticated|sign/{bucket}/{name} */
async function routeRender(r: Route, segs: string[]): Promise<void> {
  const { ctx, req, res, url, method } = r;
  const [kind, access, ...rest] = segs;
  if (kind === 'image' && (method === 'GET' || method === 'HEAD') && rest.length > 0) {
    // A project without the renderer (hosted Free plan): refused before auth, parameters or lookup.
    const known = access === 'public' || access === 'authenticated' || access === 'sign';
    if (known && !ctx.config.imageRenderer) throw errors.featureNotEnabled();
    if (access === 'public') return render.renderImage(ctx, req, res, url, undefined, objectRef(rest));
    if (access === 'authenticated') {
      return render.renderImage(ctx, req, res, url, resolveCaller(req, ctx), objectRef(rest));
    }
    if (access === 'sign') return render.renderSigned(ctx, req, res, url, objectRef(rest));
  }
  throw errors.routeNotFound(method, req.url ?? '');
}

export const handleStorage: Handler = async (ctx, req, res, subpath, url) => {
  const method = req.method ?? 'GET';
  const route: Route = { ctx, req, res, url, method };
  try {
    const [, area, ...segs] = subpath.split('/');
    if (area === 'bucket') await routeBucket(route, segs);
    else if (area === 'object') await routeObject(route, segs);
    else if (area === 'render') await routeRender(route, segs);
    else throw errors.routeNotFound(method, req.url ?? '');
  } catch (e) {
    const err = toStorageError(e, log);
    if (!res.headersSent) sendStorageError(res, err);
    else res.destroy();
  } finally {
    // A refused upload was answered before its body was read: let the client finish sending.
    drainBody(req);
  }
};
