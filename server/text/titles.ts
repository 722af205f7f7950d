/**
 * Titles and honorifics: words that stand before a name (Mr. Darcy, 丞相曹操) or for a person
 * without being their name (the Colonel, 主公). They are never a character's name on their own;
 * before a name they say whose it is (Mr. Bennet is not Mrs. Bennet).
 */
export function isTitle(word: string): boolean {
  const key = titleKey(word);
  return ENGLISH.has(key) || CHINESE.has(key);
}

/** The longest title worth looking back for (reverend, lieutenant …): the look is bounded. */
const LONGEST_TITLE = 12;

/**
 * Whether the full stop at `at` is a title's (Mr. Darcy, Dr. Watson, St. Paul's), which ends no
 * sentence. It looks back over at most LONGEST_TITLE letters, whatever the text holds.
 */
export function isTitleStop(text: string, at: number): boolean {
  if (text[at] !== ".") return false;
  let word = at;
  while (word > 0 && at - word < LONGEST_TITLE && /\p{L}/u.test(text[word - 1]!)) word--;
  return word < at && isTitle(text.slice(word, at));
}

/** A title as one key whatever its spelling: Mr., Mr and MR are mr. */
export function titleKey(title: string): string {
  return title.trim().replace(/\.$/, "").toLowerCase();
}

/**
 * The ways a title is written before a name: an abbreviation with its dot and without (Mr. and Mr,
 * American and British English), any other title as it is.
 */
export function spellingsOf(title: string): string[] {
  const plain = title.replace(/\.$/, "");
  return ABBREVIATIONS.has(plain.toLowerCase()) ? [`${plain}.`, plain] : [title];
}

const ABBREVIATIONS = new Set("mr mrs ms mme mlle dr st col capt gen lt sgt rev prof esq".split(" "));

const ENGLISH = new Set(
  [
    "mr mrs ms miss mister missus madam madame mme mlle monsieur mademoiselle master mistress dr doctor",
    "sir dame lady lord lordship ladyship ma'am",
    "colonel col captain capt major general gen lieutenant lt sergeant sgt corporal admiral commander commodore",
    "ensign marshal constable inspector detective",
    "king queen prince princess duke duchess earl count countess baron baroness baronet marquis marquess viscount",
    "emperor empress tsar czar sultan emir rajah",
    "rev reverend father mother brother sister saint st bishop archbishop cardinal pope vicar rector parson abbot abbess",
    "prof professor judge justice esq esquire uncle aunt aunty auntie cousin grandmother grandfather granny grandpa",
  ]
    .join(" ")
    .split(" "),
);

const CHINESE = new Set(
  [
    // 官职 and ranks
    "丞相 宰相 太尉 司徒 司空 大将军 将军 都督 大都督 军师 太守 刺史 州牧 主簿 校尉 都尉 中郎将 先锋 元帅 统领",
    "大人 老爷 相公 官人 大王 君王 陛下 殿下 天子 皇上 皇帝 皇后 太后 娘娘 圣上 万岁 王爷 公主 太子 世子 贵妃",
    "侍郎 尚书 御史 知府 知县 县令 捕头 掌柜 东家 长老 掌门 宗主 师尊 门主 教主 盟主 城主 岛主 谷主 庄主 堂主 阁主",
    // forms of address
    "主公 先生 夫人 小姐 公子 少爷 姑娘 娘子 夫君 老夫人 太太 老太太 奶奶 姐姐 妹妹 哥哥 弟弟 兄长 贤弟 大哥 二哥 三弟",
    "师父 师傅 师兄 师弟 师姐 师妹 师叔 师伯 师祖 前辈 晚辈 道长 大师 禅师 法师 真人 道友 施主",
    "老师 同学 医生 大夫 教授 博士 总裁 老板 经理 主任 队长 局长 警官 长官",
    "叔叔 阿姨 伯父 伯母 舅舅 舅妈 姑姑 婶婶 爷爷 外公 外婆 母亲 父亲 娘亲 爹爹",
  ]
    .join(" ")
    .split(" "),
);

/** Whose a title is, where it says: he for Mr., Sir, 先生; she for Mrs., Lady, 夫人; else undefined (Dr., Captain, 丞相). */
export function titleGender(title: string): "he" | "she" | undefined {
  const key = titleKey(title);
  return HIS.has(key) ? "he" : HERS.has(key) ? "she" : undefined;
}

const HIS = new Set(
  "mr mister sir lord monsieur master king prince duke earl baron count marquis marquess viscount emperor tsar czar sultan father brother uncle grandfather grandpa 先生 公子 少爷 老爷 相公 官人 王爷 皇帝 太子 世子".split(" "),
);
const HERS = new Set(
  "mrs ms miss missus madam madame mme mlle mademoiselle mistress dame lady queen princess duchess countess baroness empress mother sister aunt aunty auntie grandmother granny 夫人 小姐 姑娘 娘子 太太 皇后 太后 娘娘 公主 贵妃".split(" "),
);
