import type { Knex } from 'knex';
import { pinyin } from 'pinyin-pro';

/*
 * Sort keys read words, not characters: 重庆 is "chong qing" (it sorted as "zhong qing", after 郑州),
 * 厦门 "xia men", 长春 "chang chun", 银行 "yin hang". A character alone keeps its usual reading
 * (pinyin_readings, migration 20261127000200_name_sort_keys); `pinyin_phrases` holds the words of
 * pinyin-pro's dictionary that read otherwise than their characters one by one, each with pinyin-pro's
 * reading of the word. pinyin_key() takes the longest such word at each place of a name, else the
 * character (the library's own segmentation, on every word of its dictionary), and every stored key
 * is written anew. The triggers and the lists' ordering are unchanged.
 *
 * The words are listed here, not read from the library at run time: its dictionaries are no part of
 * its interface (ES modules the test runner cannot load), and a migration writes the same rows
 * wherever it runs. They are every entry of pinyin-pro 3.29's dict2 to dict5 whose reading differs
 * from the longest-match reading without it.
 */
const WORDS = `
  阿党相为 阿房宫 阿弥陀佛 阿谀奉承 哀乐 挨山塞海 卬首信眉 傲不可长 巴尔喀什湖 扒灰 扒手 拔本塞源 白术
  百夫长 百兽率舞 柏拉图 柏林 班长 拌和 绑扎 膀胱 蚌埠 傍若无人 包扎 薄寒中人 薄荷 薄技 薄酒 薄礼
  薄命 薄暮 薄情 薄弱 薄物细故 薄雾 薄幸 宝藏 保长 抱蔓摘瓜 趵突泉 暴虎冯河 暴腮龙门 暴衣露冠
  被发缨冠 被褐怀玉 被甲据鞍 被甲枕戈 被山带河 本行 鼻塞 比物属事 吡咯 笔调 鄙薄 闭目塞听 闭塞 扁舟
  变调 变贪厉薄 便溺 便宜 标的 表率 别传 冰解的破 波骇云属 波属云委 剥肤椎髓 剥皮抽筋 剥削 伯子 脖颈
  博闻强识 补给 不可揆度 不省人事 不着边际 不着疼热 布尔什维克 步调 部长 簿册 簿籍 簿记 簿子 猜度
  才薄智浅 材薄质衰 财会 参差 参辰卯酉 参谋长 参伍错综 餐松啖柏 仓卒 苍劲 苍术 苍蝇见血 藏红花 藏历
  藏青 藏戏 藏族 草率 草长莺飞 层见迭出 曾参杀人 曾母投杼 曾孙 曾祖 差官 差遣 差使 差事 差役 掺和
  搀和 搀行夺市 颤栗 苌弘碧血 偿还 厂长 朝朝 朝朝朝落 朝攀暮折 朝气 朝升暮合 朝夕 朝霞 车行道
  扯纤拉烟 沉没 沉着 陈词滥调 晨昏定省 趁水和泥 称德度功 称家有无 称体裁衣 称心 称职 成都 成长
  吃里扒外 充塞 重庆 抽调 绸缪 丑角 臭味相投 出差 出没 出头露面 畜产 畜牧 畜妻养子 畜养 揣度
  川藏公路 穿红着绿 传记 词调 次长 伺候 枞阳 粗率 催泪弹 啛啛喳喳 村长 忖度 达姆弹 打颤 大藏 大城
  大调 大夫 大腹便便 大模大样 大行大市 丹参 单薄 单调 单于 箪食瓢饮 旦角 弹道 弹弓 弹夹 弹铗无鱼
  弹尽粮绝 弹壳 弹坑 弹片 弹丸 弹丸脱手 弹无虚发 弹药 弹着点 当差 当行出色 当着不着 党参 叨陪末座
  叨扰 叨在知己 导弹 倒裳索领 道行 道长 得马折足 德薄能鲜 地壳 的的确确 的确 的士 低调 帝都 颠倒衣裳
  点着 雕心雁爪 调兵遣将 调查 调档 调调 调动 调度 调防 调虎离山 调换 调回 调集 调离 调令 调门 调派
  调遣 调取 调人 调任 调式 调头 调温 调研 调演 调用 调阅 调运 调职 调转 调子 跌弹斑鸠 钉齿耙
  鼎铛有耳 鼎铛玉石 定都 丢三落四 丢卒保车 东阿 东都 东躲西藏 东莞 东量西折 东鳞西爪 董事长 懂行 恫吓
  都城 都督 都护 都江堰 都市 斗转参横 督率 堵塞 度德量力 度己以绳 短见薄识 断还归宗 队长 对称 对调
  多财善贾 多弹头 多言数穷 婀娜 屙金溺银 峨峨汤汤 扼吭夺食 恶不去善 恶居下流 恶湿居下 恶醉强酒 饿殍枕藉
  遏恶扬善 儿女成行 二十八宿 发还 发卡 发人深省 番禺 反调 反省 返本还源 返还 返老还童 犯得着 犯而不校
  防弹 仿佛 放辟邪侈 飞弹 非得 菲薄 菲食薄衣 沸沸汤汤 奉还 否极泰 否泰 否终则泰 肤受之愬 佛头着粪
  佛头著粪 浮收勒折 辅世长民 父债子还 附着 复辟 富商大贾 富商巨贾 覆没 干咳 干将莫邪 干哪行 干一行
  刚劲 高调 高丽参 高义薄云 镐头 告朔饩羊 仡佬 咯血 胳臂 格调 隔行 各行 给付 给水 给养 给与 给予
  梗塞 工尺 工行 弓调马服 公差 功薄蝉翼 功不可没 功劳簿 供给 宫调 拱券 拱手而降 佝偻 钩爪锯牙
  姑射神人 古调不弹 古调单弹 股长 骨殖 鼓乐 鼓吻奋爪 固着 故都 瓜蔓 怪模怪样 关卡 官差 官长 管乐
  广渠门 广种薄收 归还 归降 龟裂 龟兹 规旋矩折 鬼使神差 桂折兰摧 国乐 蛤蚧 蛤蜊 咳喘 咳嗽 咳特灵
  咳唾成珠 咳血 咳珠唾玉 还魂 还击 还价 还礼 还年却老 还年驻色 还清 还手 还俗 还我河山 还乡 还阳
  还原 还愿 还债 还珠返璧 还嘴 海参 含英咀华 寒颤 汉藏语系 豪商巨贾 好恶 好恶不同 好逸恶劳 浩浩汤汤
  合从连衡 和稀泥 和颜说色 核弹 核儿 红澄澄 红苕 红绳系足 厚此薄彼 厚古薄今 厚积薄发 厚朴 厚味腊毒
  呼不给吸 呼吁 户口簿 护士长 花呢 华达呢 画荻和丸 换行 毁冠裂裳 毁舟为杕 会计 会长 晦盲否塞 击排冒没
  机长 积谗糜骨 稽首 激薄停浇 瘠薄 籍没 伎俩 纪传体 伽马射线 家给人足 家什 家长 家长里短 葭莩之亲
  甲壳 尖嘴薄舌 间见层出 犍为 检察长 见素抱朴 建都 建行 渐不可长 鉴影度形 降伏 降龙伏虎 降顺 降妖捉怪
  交差 交恶 交还 交响乐 浇风薄俗 胶着 角抵 角斗 角力 角色 角逐 脚色 脚爪 搅和 教学相长 教长 结扎
  桔梗 解数 介壳 借调 金蝉脱壳 金翅擘海 锦囊还矢 劲敌 劲风 劲旅 劲射 进给 进退跋疐 进退消长 浸没
  经传 经幢 井底虾蟆 咀嚼 巨贾 句读 倦鸟知还 隽永 倔强 倔头强脑 爵士乐 嚼墨喷纸 嚼铁咀金 军乐 军长
  钧天广乐 卡脖子 卡壳 开户行 开小差 槛花笼鹤 考勤簿 科长 可的松 可恶 克什米尔 刻薄 空包弹 空腹便便
  崆峒 恐吓 口轻舌薄 苦差 款识 揆情度理 坤角儿 捆扎 拉纤 狼藉 琅嬛福地 劳什子 牢什古子 老师宿儒 乐池
  乐队 乐府 乐歌 乐工 乐理 乐律 乐谱 乐器 乐曲 乐师 乐坛 乐团 乐舞 乐音 乐章 冷颤 礼崩乐坏 礼乐
  里弄 郦食其 连长 莲花落 潦原浸天 列车长 列传 趔趄 临深履薄 灵长目 陵劲淬砺 流弹 榴弹 六安 龙雕凤咀
  龙爪槐 笼鸟槛猿 鲁斤燕削 鹿死谁手 碌碡 露脸 露马脚 露面 露馅 露一手 捋虎须 率尔成章 率领 率马以骥
  率兽食人 率土归心 率土同庆 率先垂范 率性 率由旧章 率真 率直 绿林 论调 萝卜 落枕 埋没 埋三怨四 埋怨
  买椟还珠 脉脉 茅塞顿开 没落 没没无闻 没奈何 没入 没收 没头没尾 没药 门单户薄 扪参历井 蒙得维的亚
  孟什维克 秘鲁 绵里薄材 乜斜 民乐 黾穴鸲巢 名角 摸不着边 摸门不着 模板 模具 模样 模子 摩挲 磨削
  魔爪 抹布 牟利 牟取 侔色揣称 木模 目不暇给 目的 目无尊长 哪吒 纳降 南贩北贾 南腔北调 呢喃 呢绒
  内省 内行 能不称官 霓裳 年长 袅娜 袅袅娜娜 尿泡 农行 弄粉调朱 弄堂 女红 暖和 拍纸簿 排长 攀蟾折桂
  抛头露面 刨床 炰鳖脍鲤 跑马卖解 炮弹 炮烙 赔还 配给 配角 配乐 辟谷 辟邪 贫嘴薄舌 平调 评传 屏气
  屏弃 屏声息气 屏息 迫击炮 破觚为圜 朴刀 普天率土 曝光 欺行霸市 嘁嘁喳喳 奇函数 奇偶 奇数 棋输先著
  岂弟君子 泣数行下 器乐 迁都 铅弹 铅山 浅薄 枪弹 枪林弹雨 腔调 强调 强弓劲弩 强劲 强嘴拗舌 亲家
  钦差 青藏高原 青紫被体 氢弹 轻薄 轻率 情调 情非得已 情见乎辞 情见势屈 请调 酋长 遒劲 区长 曲调
  屈戌儿 躯壳 圈牢养物 劝降 群氓 燃烧弹 人参 人模狗样 人事不省 人行道 人言藉藉 日薄西山 日记簿
  日省月试 日省月修 日削月割 日月参辰 肉薄骨并 如履薄冰 乳臭未干 辱没 入铁主簿 入行 软和 塞音 三藏
  桑给巴尔 桑户棬枢 桑土绸缪 色调 色厉胆薄 沙参 刹车 刹住 莎草 厦门 删削 杉木 善善恶恶 商行 哨卡
  社长 歙漆阿胶 身单力薄 深仇宿怨 深恶痛疾 深恶痛绝 深厉浅揭 深文曲折 什件儿 什锦 什刹海 什围伍攻
  什伍东西 什物 什袭珍藏 神差鬼使 神出鬼没 神龙失埶 审度 审己度人 审时度势 生还 生死簿 生长 声调 声乐
  省察 省亲 省视 省悟 省长 圣经贤传 尸居龙见 师长 石室金匮 时调 实弹 士大夫 市长 是非得失 适情率意
  手足重茧 首都 首长 受降 瘦削 属辞比事 属毛离里 属垣有耳 束缊还妇 树碑立传 数不着 数得着 数数 栓塞
  水调歌头 水中著盐 睡觉 睡着 硕望宿德 司务长 司长 四不拗六 四马攒蹄 似的 宋斤鲁削 送还 随行就市
  缩砂密 锁钥 塔什干 拓本 拓片 狧穅及米 太行 泰来否 坦率 搪塞 讨还 套色 藤蔓 擿埴索涂 提调 提防
  天道好还 填塞 挑么挑六 厅长 听差 庭长 停留长智 通文调武 同调 同恶相恤 同恶相助 同行 统率 痛自创艾
  头出头没 头会箕敛 头没杯案 投传而去 投弹 投降 图穷匕见 土生土长 吐蕃 吐谷浑 团长 退还 吞没 外传
  外调 外行 外长 万乘 亡国大夫 王都 王贡弹冠 往渚还汀 威吓 微薄 帷薄不修 文蛤 握拳透爪 无的放矢
  无伤无臭 无声无臭 五羖大夫 午觉 雾鳞云爪 西藏 西洋参 悉索薄赋 稀薄 铣床 喜怒哀乐 系带 虾蟆 先我着鞭
  纤夫 纤绳 纤手 弦乐 嫌恶 县长 霰弹 相称 相率 相时度力 巷道 像模像样 消长 硝云弹雨 小传 小调
  小眼薄皮 校本 校场 校点 校订 校短量长 校对 校核 校勘 校验 校样 校阅 校长 校正 校注 校准 泄露
  心宽体胖 信差 信号弹 星宿 行辈 行当 行道 行高 行规 行号 行话 行会 行货 行家 行距 行款 行列 行末
  行情 行首 行尾 行伍 行行不行 行行出状元 行业 行一行 行长 荥阳 兄长 雄劲 修鳞养爪 秀出班行 吁请
  宣传弹 揎拳捋袖 悬石程书 选调 炫玉贾石 削壁 削发 削价 削尖脑袋 削减 削木为吏 削平 削弱 削瘦
  削铁如泥 削铁无声 削职为民 削株掘根 削足适履 学长 血泊 寻行数墨 鸭绿江 雅乐 轧钢 烟幕弹 淹没 阏氏
  湮没 妍蚩好恶 芫荽 厌恶 掞藻飞声 堰塞湖 扬风扢雅 羊圈 洋行 洋洋纚纚 养精畜锐 摇滚乐 钥匙 野调无腔
  曳光弹 一还一报 一觉 一鳞半爪 一模一样 一日三省 一行不行 一语中的 衣单食薄 衣着 移的就箭 以大恶细
  以宫笑角 以己度人 以升量石 以牙还牙 以眼还眼 义薄云天 议长 抑塞磊落 易传 溢美溢恶 阴着儿 音调 音乐
  殷红 吟哦 银行 龈齿弹舌 引吭 引着 英雄传 鹰心雁爪 鹰爪 营长 拥塞 壅塞 咏叹调 邮差 油腔滑调 游说
  有的放矢 有借无还 诱降 淤塞 余勇可贾 渔夺侵牟 语调 语塞 御史大夫 院长 月落参横 月氏 月中折桂 匀称
  熨帖 咋舌 在行 攒动 攒锋聚镝 攒零合整 攒眉 攒三聚五 臧否 择菜 怎么着 增长 憎恶 扎染 诈降 柞蚕
  柞丝绸 栅栏 炸弹 粘着 站长 张牙舞爪 长傲饰非 长辈 长大 长调 长官 长进 长老 长年三老 长上 长绳系日
  长史 长势 长孙 长相 长兄 长幼有序 长幼尊卑 长者 长子 账簿 招降 昭德塞违 爪哇 爪牙 照明弹 折箭为誓
  赭衣塞路 这么着 着床 着法 着火 着急 着力 着凉 着陆 着落 着迷 着魔 着人先鞭 着色 着实 着手 着数
  着想 着眼 着意 着重 贞松劲柏 针头削铁 镇长 征调 征辟 整躬率物 正传 正身率下 正着 支行 支着儿
  枝大于本 知疼着热 执拗 执着 执著 直率 止咳 掷弹筒 稚齿婑媠 中弹 中都 中行 众好众恶 众毛攒裘
  众矢之的 重播 重操旧业 重唱 重出 重弹 重蹈覆辙 重叠 重返 重逢 重复 重光 重合 重婚 重见天日 重建
  重九 重来 重峦 重明继焰 重启 重山 重申 重审 重生 重试 重孙 重提 重围 重温 重现 重新 重修 重演
  重阳 重印 重影 重游 重振旗鼓 重整 重重 重奏 重足 州长 昼度夜思 猪圈 铢两悉称 铢量寸度 逐物不还
  主调 主角 助长 转调 装模作样 椎埋狗窃 椎埋屠狗 椎牛发冢 椎牛歃血 椎牛飨士 椎心泣血 椎心饮泣 滋长
  子弹 子母弹 仔细 仔猪 仔仔细细 字里行间 字模 自传 自给 自省 自怨自艾 总得 总行 总长 奏乐 族长
  阻塞 组长 坐不重席
`.split(/\s+/).filter(Boolean);

/** The tables and name columns with a stored key beside them (`<column>_sort`). */
const SORTED: ReadonlyArray<{ table: string; columns: readonly string[] }> = [
  { table: 'suppliers', columns: ['name'] },
  { table: 'warehouses', columns: ['name'] },
  { table: 'vehicle_types', columns: ['name'] },
  { table: 'delivery_areas', columns: ['name'] },
  { table: 'users', columns: ['last_name', 'first_name'] },
];

/** The longest word in WORDS, in characters. */
const LONGEST = 5;

async function rekey(knex: Knex): Promise<void> {
  for (const { table, columns } of SORTED) {
    for (const column of columns) {
      await knex.raw('update ?? set ?? = pinyin_key(??) where ?? is distinct from pinyin_key(??)',
        [table, `${column}_sort`, column, `${column}_sort`, column]);
    }
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pinyin_phrases', (t) => {
    t.text('phrase').primary();
    t.text('reading').notNullable();
  });
  await knex.batchInsert('pinyin_phrases', WORDS.map((phrase) => ({ phrase, reading: pinyin(phrase, { toneType: 'none' }) })), 2000);
  // One statement per name reads, at each character, its reading and the longest word starting
  // there; the loop then takes words and characters from left to right. A name with no Chinese
  // character keys as before, lowercased, without reading anything.
  await knex.raw(`create or replace function pinyin_key(value text) returns text language plpgsql stable as $$
    declare
      chars text[];
      readings text[];
      words text[];
      lengths integer[];
      i integer := 1;
      key text := '';
    begin
      if value is null or value = '' then return null; end if;
      if value !~ '[\\u3400-\\u9fff]' then return lower(value); end if;
      select array_agg(u.ch order by u.n), array_agg(r.reading order by u.n), array_agg(w.reading order by u.n),
          array_agg(w.length order by u.n)
        into chars, readings, words, lengths
        from unnest(string_to_array(value, null)) with ordinality as u(ch, n)
        left join pinyin_readings r on r.ch = u.ch
        left join lateral (select p.reading, char_length(p.phrase) as length from pinyin_phrases p
          where p.phrase in (${Array.from({ length: LONGEST - 1 }, (_, k) => `substr(value, u.n::integer, ${LONGEST - k})`).join(', ')})
          order by char_length(p.phrase) desc limit 1) w on true;
      while i <= array_length(chars, 1) loop
        if words[i] is not null then
          key := key || words[i] || ' ';
          i := i + lengths[i];
        else
          key := key || coalesce(readings[i] || ' ', lower(chars[i]));
          i := i + 1;
        end if;
      end loop;
      return key;
    end $$`);
  await rekey(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function pinyin_key(value text) returns text language sql stable as $$
    select string_agg(coalesce(r.reading || ' ', lower(u.ch)), '' order by u.n)
    from unnest(string_to_array(value, null)) with ordinality as u(ch, n)
    left join pinyin_readings r on r.ch = u.ch $$`);
  await rekey(knex);
  await knex.schema.dropTable('pinyin_phrases');
}
