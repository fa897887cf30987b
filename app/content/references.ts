import type { Reference } from "./reference-schema";

/**
 * The two client reference pages as the site first shows them (docs/product.md#pages:
 * /references/shnobergendorff, /references/rentals-in-thailand). The route table takes their
 * addresses from here; the first start imports their text into the database, where the studio
 * edits it (docs/content.md, "References").
 */

export const references: Record<"shnobergendorff" | "rentalsInThailand", Reference> = {
  shnobergendorff: {
    path: "/references/shnobergendorff",
    projectSlug: "shno-bergendorff",
    title: "Shno Bergendorff",
    description:
      "How a Copenhagen ceramics studio used a photo styling assistant to help customers picture handmade pieces at home and raise average order value by 31%.",
    client: "Shno Bergendorff ApS",
    location: "Copenhagen, Denmark",
    engagement: "Shop rebuild and styling assistant, 9 weeks, 2023",
    quote: {
      text: "Nordlys understood that every one of our bowls is a little different, and they built the shop around that instead of hiding it. Customers now send us photos of their tables before they order, and they buy with confidence.",
      by: "Shno Bergendorff",
      role: "Founder and ceramicist",
    },
    sections: [
      {
        title: "The brief",
        paragraphs: [
          "Shno Bergendorff throws and glazes ceramics in small batches in a workshop in Nørrebro. The pieces sold well at markets, where people could hold them, but online the return rate was high and customers hesitated over colours that photograph differently from one screen to the next.",
          "The studio asked for two things: a shop that shows the real piece from the real batch, and a way to help customers see whether a piece would suit their home.",
        ],
      },
      {
        title: "What we built",
        paragraphs: [
          "We rebuilt the catalogue around batches, so every listing shows photographs of the actual pieces with a plain explanation of how the glaze varies. The studio photographs a batch once; product descriptions are drafted from the maker's notes and edited by the studio before publishing.",
          "The styling assistant lets a customer upload a photo of their own table or shelf. It picks out the dominant colours and shapes and suggests pieces that fit, with an honest note when a glaze is likely to look darker or lighter at home.",
        ],
      },
      {
        title: "Working together",
        paragraphs: [
          "We worked in weekly demos with the studio's two employees, tested the styling assistant with twenty regular customers before launch, and trained the team to update the catalogue themselves. The studio has run the shop without our help since launch; we check in once a quarter.",
        ],
      },
    ],
    results: [
      { value: "+31%", label: "average order value" },
      { value: "−42%", label: "returns for colour reasons" },
      { value: "9 weeks", label: "from kick-off to launch" },
    ],
  },
  rentalsInThailand: {
    path: "/references/rentals-in-thailand",
    projectSlug: "rentals-in-thailand",
    title: "Rentals in Thailand",
    description:
      "How a long-stay rental community in Chiang Mai became a five-language marketplace with natural-language search and 2.3 times more enquiries per listing.",
    client: "Rentals in Thailand Co., Ltd.",
    location: "Chiang Mai, Thailand",
    engagement: "Marketplace build, 11 weeks, 2024",
    quote: {
      text: "Our landlords write in Thai and our renters search in four other languages. Nordlys made that problem disappear. A landlord posts once, and a renter in Berlin finds the flat by describing the street they want to live on.",
      by: "Pimchanok Srisuk",
      role: "Co-founder, Rentals in Thailand",
    },
    sections: [
      {
        title: "The brief",
        paragraphs: [
          "Rentals in Thailand began as a Facebook group for people staying in Chiang Mai for one to twelve months. It grew to thirty thousand members, but listings scrolled away within hours, could not be filtered, and were mostly written in Thai.",
          "The founders wanted a marketplace that kept the group's friendly tone, let landlords post in their own language, and let renters search the way they talk about places.",
        ],
      },
      {
        title: "What we built",
        paragraphs: [
          "Landlords post a listing in Thai on their phone. The platform translates it into English, German, Russian and Chinese, using a glossary of local terms so that a soi stays a soi and the deposit rules are never mistranslated. Each translation is checked for meaning against the original before it is published.",
          "Renters search in plain words, for example a quiet street with a desk, a fast connection and a market within walking distance, and the results are ranked by neighbourhood data, noise reports from previous tenants and commute times.",
        ],
      },
      {
        title: "Working together",
        paragraphs: [
          "We worked from Oslo with the founders in Chiang Mai, with a shared weekly demo that suited both time zones. Local landlords tested every release in Thai before it went live. The founders' own developer now maintains the platform, and we remain on call for the AI components.",
        ],
      },
    ],
    results: [
      { value: "2.3×", label: "enquiries per listing" },
      { value: "5", label: "languages per listing, published in under a minute" },
      { value: "11 weeks", label: "from kick-off to launch" },
    ],
  },
};

/** The two, in the order of the editor's list. */
export const initialReferences: Reference[] = Object.values(references);
