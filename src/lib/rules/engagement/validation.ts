/**
 * The reader forms' rules (spec §5), as plain functions the islands and the unit tests share.
 * Messages come from the catalogue; the address shape is the database's own check
 * (`^[^@\s]+@[^@\s]+\.[^@\s]+$`), so what passes here is what the table accepts.
 */
import { MESSAGES } from '../../messages/reader.ts';

const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Trimmed and lower-cased, as newsletter addresses are stored. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

function isEmailShape(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** Newsletter block and popup: required, then the address shape; the value is normalised. */
export function checkNewsletterEmail(raw: string): Checked<string> {
  const email = normaliseEmail(raw);
  if (!email) return { ok: false, error: MESSAGES.emailRequired };
  if (!isEmailShape(email)) return { ok: false, error: MESSAGES.emailInvalid };
  return { ok: true, value: email };
}

/** Store notify: one message for empty and malformed ('Please enter a valid email.'). */
export function checkStoreEmail(raw: string): Checked<string> {
  const email = normaliseEmail(raw);
  return isEmailShape(email) ? { ok: true, value: email } : { ok: false, error: MESSAGES.storeEmailInvalid };
}

export type EnquiryType = 'contact' | 'advertise';

export interface EnquiryFields {
  name: string;
  email: string;
  company: string;
  message: string;
}

export interface Enquiry {
  name: string;
  email: string;
  /** null when left empty (contact only; advertise requires it). */
  company: string | null;
  message: string;
  formType: EnquiryType;
}

/** Which fields each form requires (§5): contact leaves company optional, advertise needs all four. */
export const REQUIRED_FIELDS: Record<EnquiryType, readonly (keyof EnquiryFields)[]> = {
  contact: ['name', 'email', 'message'],
  advertise: ['name', 'email', 'company', 'message'],
};

/**
 * Contact and advertise: every required field filled (after trimming), else 'Please fill in all
 * required fields.'; a malformed address gets the newsletter's 'Please enter a valid email
 * address.' rather than a server error.
 */
export function checkEnquiry(formType: EnquiryType, fields: EnquiryFields): Checked<Enquiry> {
  const trimmed = {
    name: fields.name.trim(),
    email: fields.email.trim(),
    company: fields.company.trim(),
    message: fields.message.trim(),
  };
  if (REQUIRED_FIELDS[formType].some((key) => !trimmed[key])) return { ok: false, error: MESSAGES.requiredFields };
  if (!isEmailShape(trimmed.email)) return { ok: false, error: MESSAGES.emailInvalid };
  return { ok: true, value: { ...trimmed, company: trimmed.company || null, formType } };
}
