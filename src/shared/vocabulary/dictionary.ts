/**
 * A language's dictionary with the sources' words (`./locales/<lang>.json`: the `vocabulary` and
 * `legislationTypes` tables) merged into it: the interface reads them under the same keys as its
 * own messages (`vocabulary.stage.2nd_reading`, `legislationTypes.ukpga`). The interface keeps
 * messages of its own in the `vocabulary` table (`vocabulary.datedAs`), which the merge keeps.
 */
export interface WordTree {
  [key: string]: string | WordTree;
}

export const withSourceWords = <T extends object>(main: T, words: WordTree): T =>
  ({
    ...main,
    ...words,
    vocabulary: { ...((main as WordTree).vocabulary as WordTree), ...(words.vocabulary as WordTree) },
  }) as T;
