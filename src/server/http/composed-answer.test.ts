import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FieldCopies } from '#server/cache/field-copies';
import { SLAB_BYTES, Slabs } from '#server/cache/slabs';
import {
  legalChangeListItem,
  legalChangeSearchItem,
  legalChangeSearchResult,
  pagedLegalChanges,
  type LegalChangeListItem,
  type LegalChangeSearchItem,
} from '#shared/schemas/legal-changes';
import { ComposedAnswers } from './composed-answer';

/** a member's action set on a shared item, as the list and search answers do */
const copies = new FieldCopies('userAction');
const withAction = <T extends { userAction: LegalChangeListItem['userAction'] }>(
  item: T,
  action: LegalChangeListItem['userAction'] | undefined,
) => copies.with(item, action);
const slabs = new Slabs(64);

function listItem(id: number, title = `Item ${id} — “quoted” \\ é`): LegalChangeListItem {
  return {
    id,
    title,
    description: id % 2 ? null : 'A short description',
    descriptionLength: 19,
    category: 'primary',
    legislationType: 'ukpga',
    status: 'enacted',
    jurisdictionId: 1,
    currentStage: null,
    currentHouse: null,
    currentStageDate: null,
    parliamentarySession: null,
    departmentName: null,
    officialUrl: 'https://www.legislation.gov.uk/ukpga/2024/1',
    consultationStartDate: null,
    consultationEndDate: null,
    proposedDate: null,
    enactmentDate: '2024-01-02',
    effectiveDate: null,
    dateLaid: null,
    itemDate: '2024-01-02',
    itemDateKind: 'royal_assent',
    lastUpdatedDate: null,
    createdAt: '2024-01-02T00:00:00.000Z',
    userAction: null,
  };
}

function searchItem(id: number): LegalChangeSearchItem {
  return Object.assign(listItem(id), {
    rank: 0.5,
    highlights: { title: [{ text: 'Item', match: true }], description: [] },
  });
}

describe('ComposedAnswers', () => {
  const list = new ComposedAnswers<LegalChangeListItem>(legalChangeListItem, pagedLegalChanges, slabs);
  const search = new ComposedAnswers<LegalChangeSearchItem>(
    legalChangeSearchItem,
    legalChangeSearchResult,
    slabs,
  );

  it('gives exactly the bytes JSON.stringify gives for the same answer', () => {
    const items = [1, 2, 3].map((id) => listItem(id));
    const answer = {
      data: [items[0]!, withAction(items[1]!, 'followed'), items[2]!],
      total: 3,
      hasMore: false,
      page: 1,
      limit: 50,
    };
    expect(list.compose(answer)?.toString()).toBe(JSON.stringify(answer));
    const empty = { data: [], total: 0, hasMore: false, page: 2, limit: 50 };
    expect(list.compose(empty)?.toString()).toBe(JSON.stringify(empty));
    const found = {
      data: [searchItem(7), withAction(searchItem(8), 'dismissed')],
      total: 2,
      hasMore: false,
      page: 1,
      limit: 50,
      totalCapped: false,
      resultCap: 1000,
    };
    expect(search.compose(found)?.toString()).toBe(JSON.stringify(found));
  });

  it('serializes an item once, and reuses its bytes in every later answer', () => {
    const item = listItem(10);
    const answer = { data: [item], total: 1, hasMore: false, page: 1, limit: 50 };
    expect(list.compose(answer)?.toString()).toContain('"title":"Item 10');
    // the same object is never serialized again: its first bytes stand
    item.title = 'changed';
    expect(list.compose(answer)?.toString()).toContain('"title":"Item 10');
    expect(list.compose({ ...answer, data: [listItem(10, 'changed')] })?.toString()).toContain(
      '"title":"changed"',
    );
  });

  it('leaves to the route’s serializer an answer whose item or envelope breaks the schema', () => {
    const bad = { ...listItem(11), userAction: 'liked' } as unknown as LegalChangeListItem;
    expect(list.compose({ data: [bad], total: 1, hasMore: false, page: 1, limit: 50 })).toBeNull();
    const extra = { ...listItem(12), secret: 'x' } as LegalChangeListItem;
    expect(list.compose({ data: [extra], total: 1, hasMore: false, page: 1, limit: 50 })).toBeNull();
    const envelope = { data: [listItem(13)], total: '1', hasMore: false, page: 1, limit: 50 };
    expect(list.compose(envelope as never)).toBeNull();
    // keys out of order: in the schema's order, as the route's serializer gives them
    const item = listItem(14);
    const reordered = { total: 1, data: [item], hasMore: false, page: 1, limit: 50 };
    expect(list.compose(reordered)?.toString()).toBe(
      JSON.stringify({ data: [item], total: 1, hasMore: false, page: 1, limit: 50 }),
    );
  });
});

describe('ComposedAnswers.send', () => {
  it('gives every answer in flight its own bytes, compressed or not, past a slab’s size too', async () => {
    const search = new ComposedAnswers<LegalChangeSearchItem>(
      legalChangeSearchItem,
      legalChangeSearchResult,
      slabs,
    );
    // answer n: 40 items of its own, about 60 KB; answer 0 is larger than a slab
    const answerFor = (n: number) => {
      const data = Array.from({ length: 40 }, (_, i) => {
        const item = searchItem(n * 1000 + i);
        item.description = `answer ${n} item ${i} `.repeat(n === 0 ? 200 : 70);
        return i % 3 ? item : withAction(item, 'followed');
      });
      return { data, total: 40, hasMore: false, page: 1, limit: 50, totalCapped: false, resultCap: 1000 };
    };
    const answers = Array.from({ length: 24 }, (_, n) => answerFor(n));
    expect(JSON.stringify(answers[0]).length).toBeGreaterThan(SLAB_BYTES);
    expect(JSON.stringify(answers[1]).length).toBeLessThan(SLAB_BYTES);
    const app = Fastify();
    await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
    // each round's answers are all sent in one go, once every request of the round has come
    let arrived = 0;
    let release = () => {};
    let allHere = new Promise<void>((resolve) => (release = resolve));
    app.get<{ Params: { n: string } }>('/answer/:n', async (request, reply) => {
      const here = allHere;
      if (++arrived === answers.length) {
        arrived = 0;
        release();
        allHere = new Promise<void>((resolve) => (release = resolve));
      }
      await here;
      return search.send(reply, answers[Number(request.params.n)]!);
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let round = 0; round < 3; round++) {
        const bodies = await Promise.all(
          answers.map(async (_, n) => {
            const res = await fetch(`${url}/answer/${n}`, {
              headers: { 'accept-encoding': n % 2 ? 'gzip' : 'identity' },
            });
            expect(res.headers.get('content-encoding')).toBe(n % 2 ? 'gzip' : null);
            return res.text();
          }),
        );
        bodies.forEach((body, n) => expect(body).toBe(JSON.stringify(answers[n])));
      }
    } finally {
      await app.close();
    }
  });
});

describe('withAction', () => {
  it('never changes the shared item, and gives every member the same copy per action', () => {
    const item = listItem(20);
    const followed = withAction(item, 'followed');
    expect(item.userAction).toBeNull();
    expect(followed).toEqual({ ...item, userAction: 'followed' });
    expect(withAction(item, 'followed')).toBe(followed);
    expect(withAction(item, 'dismissed')).not.toBe(followed);
    expect(withAction(item, undefined)).toBe(item);
  });
});
