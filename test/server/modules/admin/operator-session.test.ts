/** The operator's own-account rule (the routes only reply with it). */
import { describe, expect, test } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { operatorSessionOf, SIGNED_IN_OPERATOR_ONLY } from '../../../../src/server/modules/admin/service.ts';

describe('operatorSessionOf', () => {
  test('a request without an operator session answers 403', () => {
    expect(() => operatorSessionOf({} as FastifyRequest)).toThrow(expect.objectContaining({ statusCode: 403, message: SIGNED_IN_OPERATOR_ONLY }));
    expect(SIGNED_IN_OPERATOR_ONLY).toBe('Only a signed-in operator has an account here.');
  });
});
