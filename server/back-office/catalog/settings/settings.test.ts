import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Call, caller, openTestDb, type TestDb } from '../testing.js';

let t: TestDb;
let call: Call;
let userId: number;

const profile = () => t.db.prepare('SELECT user_id, name, dopinf, updated_at FROM workplace_profiles').all();

beforeEach(() => {
  t = openTestDb();
  call = caller(t.db);
  userId = Number(call('catalog.users.save', { nt: 'Бондар Олег', card: '2001', level: '1' }).status?.key);
});
afterEach(() => t.close());

describe('workplace profiles', () => {
  it('starts a user’s profile from the shop defaults and edits it', () => {
    expect(call('settings.init_user_tp', { target_user_id: userId }).status).toEqual({ affected: '1' });
    expect(profile()).toEqual([
      {
        user_id: userId,
        name: 'Робоче місце касира',
        dopinf: 'font=12;scale=1;sound=1;confirm_delete=1',
        updated_at: '2025-03-14T12:00:00+02:00',
      },
    ]);
    expect(call('settings.save_tp', { ind: userId, nt: 'Каса біля входу' }).status).toEqual({ mode: 'edit', affected: '1' });
    expect(profile()).toMatchObject([{ name: 'Каса біля входу', dopinf: 'font=12;scale=1;sound=1;confirm_delete=1' }]);
    call('settings.save_tp', { ind: userId, dopinf: 'font=14' });
    expect(profile()).toMatchObject([{ name: 'Каса біля входу', dopinf: 'font=14' }]);
    call('settings.init_user_tp', { target_user_id: userId });
    expect(profile()).toMatchObject([{ name: 'Робоче місце касира' }]);
  });

  it('refuses to edit a profile that was never created, and a user that does not exist', () => {
    expect(() => call('settings.save_tp', { ind: userId, nt: 'x' })).toThrow(`user ${userId} has no workplace profile yet`);
    expect(() => call('settings.init_user_tp', { target_user_id: 999 })).toThrow('user 999 not found');
  });

  it('goes away with its user', () => {
    call('settings.init_user_tp', { target_user_id: userId });
    call('catalog.users.delete', { key: String(userId) });
    expect(profile()).toEqual([]);
  });
});

describe('settings.save_user_identity', () => {
  it('sets name, card and type, keeping the type when none is given', () => {
    call('settings.save_user_identity', {
      target_user_id: userId,
      nt: 'Бондар Олег Петрович',
      card: '2002',
      typex: 'адміністратор',
    });
    call('settings.save_user_identity', { target_user_id: userId, nt: 'Бондар О. П.', card: '2002' });
    expect(t.db.prepare('SELECT name, card, typex FROM users').get()).toEqual({
      name: 'Бондар О. П.',
      card: '2002',
      typex: 'адміністратор',
    });
  });

  it('refuses a card another user has', () => {
    call('catalog.users.save', { nt: 'Гнатюк Ольга', card: '2003', level: '1' });
    expect(() => call('settings.save_user_identity', { target_user_id: userId, nt: 'x', card: '2003' })).toThrow(
      'card 2003 already belongs to Гнатюк Ольга',
    );
  });
});
