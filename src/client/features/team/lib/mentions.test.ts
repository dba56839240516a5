import { describe, expect, it } from 'vitest';
import {
  insertMention,
  mentionedEmails,
  mentionQueryAt,
  mentionSuggestions,
  splitMentions,
} from './mentions';

const members = [
  { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
  { email: 'alan@example.com', firstName: 'Alan', lastName: 'Turing' },
  { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
];

describe('comment mentions', () => {
  it('finds each mentioned email once, without trailing punctuation, and not inside an email', () => {
    expect(
      mentionedEmails('@ada@example.com please check, and @Alan@Example.com. cc @ada@example.com'),
    ).toEqual(['ada@example.com', 'alan@example.com']);
    expect(mentionedEmails('write to ada@example.com')).toEqual([]);
  });

  it('knows the @word being typed before the caret', () => {
    expect(mentionQueryAt('hello @al', 9)).toEqual({ start: 6, query: 'al' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('hello @al there', 15)).toBeNull();
  });

  it('suggests members by email or name, and inserts the chosen email with a space after it', () => {
    expect(mentionSuggestions(members, 'a')).toEqual(['ada@example.com', 'alan@example.com']);
    expect(mentionSuggestions(members, 'hop')).toEqual(['grace@example.com']);
    expect(insertMention('see @gr now', 4, 7, 'grace@example.com')).toEqual({
      text: 'see @grace@example.com  now',
      caret: 23,
    });
  });

  it('splits a comment into text and mentions', () => {
    expect(splitMentions('hi @ada@example.com, look')).toEqual([
      { text: 'hi ', mention: false },
      { text: '@ada@example.com', mention: true },
      { text: ', look', mention: false },
    ]);
  });
});
