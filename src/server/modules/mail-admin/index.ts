/**
 * The operators' mail outbox: every mail the store sent or queued, one message with its body,
 * resending a sent or failed one (routes.ts, service.ts), where the development mailbox was.
 * @module
 */
export { MAIL_PAGES_PATH, mailAdminRoutes, type MailAdminRoutesOptions } from './routes.ts';
export { MAIL_ADMIN_ERRORS, MailAdminService, mailStatus, type MailMessage, type MailSummary } from './service.ts';
