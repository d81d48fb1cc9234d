import './zod-locale.ts';

export * from './api.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './demandes.ts';
export * from './fields.ts';
export * from './format.ts';
export * from './membres.ts';
export * from './messages.ts';
export * from './person-name.ts';
export * from './personnel.ts';
export * from './rights.ts';
export * from './roles.ts';
export * from './rules/password-policy.ts';
export * from './rules/session-timing.ts';
export * from './settings.ts';
export * from './staff-id.ts';
export * from './utilisateurs.ts';
