/** catalog.users.set_pin: a user's new PIN, which also lifts a lockout. */
import type { Handler } from '../../../handlers.js';
import { setPin, userByCard } from './pins.js';

export const setUserPin: Handler<'catalog.users.set_pin'> = ({ card, pin }, { db, now }) => {
  const user = userByCard(db, card, 'params.card');
  setPin(db, user.id, pin, now());
  return { status: { catalog: 'users', affected: '1' } };
};
