/**
 * Build-time / browser configuration of the app. The app reaches Supabase only over HTTP, so the
 * same build runs against the local stack (`npm start`) or hosted Supabase: set
 * PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY in the environment (or .env) before building.
 */
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from './local-stack.ts';

export const PUBLIC_SUPABASE_URL: string = import.meta.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;
export const PUBLIC_SUPABASE_ANON_KEY: string = import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_SUPABASE_ANON_KEY;

/**
 * Responsive images come from Storage's image transformation endpoint
 * (`/storage/v1/render/image/…`), which the local server implements and hosted Supabase offers
 * on paid plans. Set PUBLIC_IMAGE_TRANSFORMS=off for a project without it: pages then use the
 * stored images as they are.
 */
export const IMAGE_TRANSFORMS: boolean = (import.meta.env.PUBLIC_IMAGE_TRANSFORMS ?? 'on') !== 'off';
