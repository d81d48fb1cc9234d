import { describe, expect, it } from 'vitest';
import { ROLES } from '../src/roles.ts';
import {
  DEPENSE_WORKFLOW,
  heldByFourEyes,
  REMBOURSEMENT_WORKFLOW,
  VERSEMENT_WORKFLOW,
  workflowAllows,
  workflowOffer,
  workflowRefusal,
} from '../src/workflows.ts';

const someone = (role: (typeof ROLES)[number], filer = false) => ({ role, filer });

describe('payments’ workflow', () => {
  it('validates a pending payment, by a validator other than its declarer', () => {
    expect(ROLES.filter((r) => workflowAllows(VERSEMENT_WORKFLOW.validate, someone(r), 'en_attente'))).toEqual([
      'gestionnaire',
      'comptable',
    ]);
    expect(workflowRefusal(VERSEMENT_WORKFLOW.validate, someone('comptable', true), 'en_attente')).toBe('quatre_yeux');
    expect(workflowRefusal(VERSEMENT_WORKFLOW.validate, someone('comptable'), 'valide')).toBe('statut');
    expect(workflowRefusal(VERSEMENT_WORKFLOW.validate, someone('comptable'), 'rejete')).toBe('statut');
  });

  it('rejects only what waits, its declarer included; deletes in any status', () => {
    expect(workflowAllows(VERSEMENT_WORKFLOW.reject, someone('gestionnaire', true), 'en_attente')).toBe(true);
    expect(workflowAllows(VERSEMENT_WORKFLOW.reject, someone('gestionnaire'), 'valide')).toBe(false);
    for (const statut of ['en_attente', 'valide', 'rejete'] as const) {
      expect(workflowAllows(VERSEMENT_WORKFLOW.delete, someone('comptable', true), statut)).toBe(true);
      expect(workflowAllows(VERSEMENT_WORKFLOW.delete, someone('membre', true), statut)).toBe(false);
    }
  });
});

describe('expenses’ workflow', () => {
  it('approves a pending expense by admin or comptable, never its filer', () => {
    expect(ROLES.filter((r) => workflowAllows(DEPENSE_WORKFLOW.approve, someone(r), 'en_attente'))).toEqual([
      'admin',
      'comptable',
    ]);
    expect(workflowRefusal(DEPENSE_WORKFLOW.approve, someone('admin', true), 'en_attente')).toBe('quatre_yeux');
    expect(workflowRefusal(DEPENSE_WORKFLOW.approve, someone('admin'), 'rejetee')).toBe('statut');
  });

  it('lets a member withdraw what waits, a processor what waits or was rejected, nobody an approved one', () => {
    const deletes = (role: (typeof ROLES)[number]) =>
      (['en_attente', 'approuvee', 'rejetee'] as const).filter((s) =>
        workflowAllows(DEPENSE_WORKFLOW.delete, someone(role, role === 'membre'), s),
      );
    expect(deletes('membre')).toEqual(['en_attente']);
    expect(deletes('admin')).toEqual(['en_attente', 'rejetee']);
    expect(deletes('comptable')).toEqual(['en_attente', 'rejetee']);
    expect(deletes('gestionnaire')).toEqual([]);
  });

  it('is edited by its filer while it waits', () => {
    expect(workflowAllows(DEPENSE_WORKFLOW.update, someone('membre', true), 'en_attente')).toBe(true);
    expect(workflowAllows(DEPENSE_WORKFLOW.update, someone('membre', true), 'rejetee')).toBe(false);
    expect(workflowAllows(DEPENSE_WORKFLOW.update, someone('comptable'), 'en_attente')).toBe(false);
  });
});

describe('refunds’ workflow', () => {
  it('approves a pending request, never its filer; rejects and cancels it while it waits', () => {
    expect(workflowRefusal(REMBOURSEMENT_WORKFLOW.approve, someone('comptable', true), 'en_attente')).toBe(
      'quatre_yeux',
    );
    expect(workflowRefusal(REMBOURSEMENT_WORKFLOW.reject, someone('comptable', true), 'en_attente')).toBeNull();
    expect(workflowAllows(REMBOURSEMENT_WORKFLOW.cancel, someone('membre', true), 'en_attente')).toBe(true);
    expect(workflowAllows(REMBOURSEMENT_WORKFLOW.cancel, someone('membre', true), 'approuve')).toBe(false);
    expect(workflowAllows(REMBOURSEMENT_WORKFLOW.approve, someone('membre'), 'en_attente')).toBe(false);
  });
});

describe('what a screen offers', () => {
  it('lists every action of a workflow, allowed or not', () => {
    expect(workflowOffer(VERSEMENT_WORKFLOW, someone('comptable', true), 'en_attente')).toEqual({
      validate: false,
      reject: true,
      delete: true,
    });
    expect(workflowOffer(DEPENSE_WORKFLOW, someone('membre', true), 'en_attente')).toEqual({
      approve: false,
      reject: false,
      update: true,
      delete: true,
    });
  });

  it('says when four eyes alone keep a validator from deciding', () => {
    expect(heldByFourEyes(VERSEMENT_WORKFLOW.validate, someone('comptable', true), 'en_attente')).toBe(true);
    expect(heldByFourEyes(VERSEMENT_WORKFLOW.validate, someone('comptable', true), 'valide')).toBe(false);
    expect(heldByFourEyes(VERSEMENT_WORKFLOW.validate, someone('membre', true), 'en_attente')).toBe(false);
  });
});
