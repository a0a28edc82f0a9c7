// The words of the demo data: our own lists, not a fake-data library (@faker-js/faker would not fit the mock's
// browser bundle). Kept as text, a name per comma, so the lists stay short to read; every entry is distinct, and
// no second name below is the first word of a name, so "name + second name" never repeats a name of the list.

const list = (text: string): readonly string[] =>
  text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);

/** Pets 1 to 3, which examples, docs and tests rely on. */
export const FIXED_PET_NAMES = ["Rex", "Misty", "Bella"] as const;

/** Pet names: the plain ones, then two-word and non-ASCII ones, shuffled by the seed before use. */
export const PET_NAMES = list(`
  Max, Luna, Charlie, Lucy, Cooper, Daisy, Milo, Bailey, Buddy, Sadie, Rocky, Molly, Bear, Stella, Duke,
  Lola, Tucker, Maggie, Jack, Sophie, Oliver, Chloe, Teddy, Penny, Leo, Zoey, Winston, Lily, Toby, Roxy,
  Bentley, Gracie, Murphy, Coco, Jax, Ruby, Louie, Rosie, Oscar, Ellie, Finn, Nala, Gus, Piper, Archie,
  Willow, Ziggy, Hazel, Bruno, Olive, Rufus, Pepper, Sammy, Ginger, Moose, Honey, Otis, Mabel, Benji, Dixie,
  Biscuit, Waffles, Pickles, Noodle, Peanut, Mochi, Sushi, Tofu, Pretzel, Nugget, Muffin, Cupcake, Pumpkin,
  Cinnamon, Nutmeg, Basil, Sage, Clover, Maple, Juniper, Acorn, Pebble, Thistle, Bramble, Fern, Poppy,
  Marigold, Tansy, Sorrel, Birch, Aspen, Cedar, Rowan, Hickory, Alder, Storm, Thunder, Blizzard, Comet,
  Orbit, Nova, Astro, Cosmo, Jupiter, Apollo, Atlas, Zeus, Hera, Athena, Loki, Thor, Freya, Odin, Juno,
  Ares, Minerva, Pixel, Widget, Gizmo, Sprocket, Turbo, Rocket, Zippy, Dash, Bolt, Flash, Scout, Ranger,
  Hunter, Shadow, Smokey, Ash, Ember, Blaze, Sunny, Goldie, Amber, Copper, Rusty, Ivory, Ebony, Onyx, Jade,
  Pearl, Opal, Sapphire, Velvet, Button, Bubbles, Sprinkles, Fudge, Brownie, Cookie, Oreo, Caramel, Toffee,
  Mango, Kiwi, Papaya, Coconut, Banana, Cherry, Plum, Berry, Apricot, Nemo, Dory, Goldy, Finnegan,
  Splash, Marina, Coral, Pacific, Tsunami, Bubba, Thumper, Hopper, Clove, Flopsy, Mopsy, Cottontail,
  Snowball, Marshmallow, Cotton, Fluffy, Whiskers, Mittens, Socks, Tiger, Simba, Felix, Garfield, Salem,
  Tom, Kitty, Misha, Sasha, Tango, Rumba, Salsa, Polka, Jazz, Blues, Ziggy Stardust, Elvis, Ringo, Bowie,
  Dolly, Cher, Prince, Sheba, Cleo, Pharaoh, Sphinx, Kaiser, Baron, Duchess, Countess, Major, Captain,
  Admiral, Sergeant, Professor, Doctor Watson, Sherlock, Poirot, Marple, Sir Reginald, Lady Marmalade,
  Mister Pickles, Miss Daisy, Captain Cuddles, Lord Fluffington, Princess Peach, Old Tom, Little Bean,
  Big Ben, Tiny Tim, Sweet Pea, Jelly Bean, Lucky Star, Moon Pie, Sugar Plum, Chewbacca, Yoda, Gandalf,
  Frodo, Bilbo, Gollum, Dobby, Hedwig, Aslan, Zoë, Chloé, Renée, Noël, Björn, Søren, Åsa, Jürgen, Émile,
  Ångström, Mía, Niño, Ángel, Piñata, Señor Bigotes, Doña Paz, Çiçek, Paşa, Łatka, Żaba, Dušan, Mlíčko,
  Kuřátko, Ðorđe, Кузя, Мурка, Барсик, Шарик, Пушок, Тузик, Рыжик, Снежок, Дружок, Βάσια,
  Ζορμπάς, ハチ, ポチ, タマ, モモ, コタロウ, ミケ, 小白, 旺财, 豆豆, 点点, 초코, 보리, 콩이, Ẩn Nguyệt
`);

/** Second names that make `name + second name`; none is the first word of a name above. */
export const SECOND_NAMES = list(`
  Junior, Senior, the Brave, the Bold, the Quick, the Great, the Wise, the Gentle, the Curious, of the Hill,
  of the Lake, from Oslo, from Lyon, from Kyoto, from Porto, Belle, Jean, Mae, Rae, Lou, Bean, Pip, Dot,
  Sparkle, von Sprung, de la Luz, McFluff, O'Paws, Whiskerton, Featherby, Wagglesworth, Furbottom,
  Paddington, Tiberius, Augustus, Bartholomew, Montgomery, Dumpling, Nibbles, Twinkle
`);

/** A short description of each demo category (categories 1 to 6), in order. */
export const CATEGORY_DESCRIPTIONS = [
  // The document's examples quote this one.
  "Loyal companions of every size.",
  "Independent, curious and graceful: lap cats, climbers and the odd philosopher of the windowsill.",
  "Gentle and quiet, happiest with space to hop, hay to nibble and a friend of their own kind.",
  "Song and colour for any home, from chatty budgerigars to calm canaries and clever cockatiels.",
  "Calm companions for small spaces: tropical community fish, bettas and hardy goldfish.",
  "Scales, patience and a warm lamp: geckos, bearded dragons and the occasional tortoise.",
] as const;
