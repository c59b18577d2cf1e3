/**
 * Loupe's own FAQ texts for the content store's seed (content.ts): the FAQ shown on /faq (NewFAQ), the shorter
 * one on the mission page (NewMission), the checkout FAQ and the sectioned FAQ. §9: the FAQ says settings start at
 * $340, rose gold costs the same as white or yellow gold, and 14 or 18 karat gold and platinum are offered.
 */
import type { Faq, SectionedFaq } from "../content/faq";

/** `faqs-NewFAQ`: the questions /faq opens with. */
export const NEW_FAQ: Faq = {
  header: "Questions shoppers ask us",
  displayOn: "NewFAQ",
  content: [
    {
      id: "what-is-loupe",
      header: "What is Loupe?",
      description:
        "Loupe is a search engine for certified diamonds and ring settings. We gather the inventory of independent retailers into one place, show every stone with its certificate, and let you compare prices before you buy.",
    },
    {
      id: "setting-prices",
      header: "How much does an engagement ring setting cost?",
      description:
        "Settings start at $340. The price depends on the style and the metal: a plain solitaire band costs least, pavé, halo and hand-engraved designs more.",
    },
    {
      id: "metals",
      header: "Which metals can I choose?",
      description:
        "Every setting comes in 14 karat or 18 karat gold, in white, yellow or rose, and most in platinum. 18 karat gold holds more pure gold and costs a little more; platinum is the densest and the most durable.",
    },
    {
      id: "rose-gold-price",
      header: "Does rose gold cost more than white or yellow gold?",
      description: "No. Rose gold costs the same as white or yellow gold of the same karat: the colour comes from the alloy, not from more gold.",
    },
    {
      id: "certificates",
      header: "Is every diamond certified?",
      description:
        "Yes. Every diamond listed on Loupe has a grading report from an independent laboratory such as GIA, AGS or IGI. Open any stone to read its report number and check it on the laboratory's own site.",
    },
    {
      id: "lab-grown",
      header: "What is the difference between lab-grown and natural diamonds?",
      description:
        "Both are real diamonds with the same hardness and sparkle. A natural diamond formed deep in the earth over billions of years; a lab-grown one was grown in weeks. Lab-grown stones cost much less for the same size and grades.",
    },
    {
      id: "returns",
      header: "Can I return a ring?",
      description:
        "Yes. You have 30 days from delivery to return an unworn ring or loose diamond for a full refund. Engraved pieces can be returned once the engraving is polished away, at no cost to you.",
    },
  ],
};

/** `faqs-NewMission`: the few questions the mission page answers. */
export const MISSION_FAQ: Faq = {
  header: "Why we built Loupe",
  displayOn: "NewMission",
  content: [
    {
      id: "why-compare",
      header: "Why compare diamonds across retailers?",
      description:
        "Two diamonds with the same grades can differ in price by a third. Seeing stones from many retailers side by side is the surest way to pay a fair price.",
    },
    {
      id: "how-we-earn",
      header: "How does Loupe earn money?",
      description: "Retailers pay us a share when you buy through Loupe. The price you see is the retailer's own: you never pay more for using us.",
    },
  ],
};

/** `checkoutfaq`: what the checkout page answers beside the form. */
export const CHECKOUT_FAQ: Faq = {
  header: "Before you pay",
  displayOn: "Checkout",
  content: [
    {
      id: "shipping-insured",
      header: "Is shipping insured?",
      description: "Every order ships fully insured and needs a signature on delivery. Shipping within the United States is free.",
    },
    {
      id: "when-charged",
      header: "When is my card charged?",
      description: "Your card is charged when the order is placed. If the retailer cannot confirm the stone within two business days, we refund you in full.",
    },
    {
      id: "ring-size",
      header: "What if I do not know the ring size?",
      description:
        "Use our ring sizing guide to measure at home. Most settings can be resized by the selling retailer; the listing says whether a first resize is included.",
    },
  ],
};

/** `faq-sections`: the FAQ by topic, below the main questions on /faq. */
export const FAQ_SECTIONS: SectionedFaq = {
  sections: [
    {
      id: "ordering",
      title: "Ordering",
      questionList: [
        {
          id: "place-order",
          question: "How do I place an order?",
          answer: "Choose a diamond, add a setting if you want a ring, and check out. You can pay by card, PayPal or wire transfer.",
        },
        {
          id: "price-lock",
          question: "Can I hold a price while I decide?",
          answer: "Yes. Lock a diamond's price from the cart for 72 hours; you can hold up to three locks a day.",
        },
      ],
    },
    {
      id: "shipping",
      title: "Shipping and delivery",
      questionList: [
        {
          id: "how-long",
          question: "How long does delivery take?",
          answer: "Each listing shows its shipping days. Loose diamonds usually ship within three business days, set rings within two weeks.",
        },
        {
          id: "international",
          question: "Do you ship outside the United States?",
          answer: "We ship to Canada, the United Kingdom and most of the European Union; duties are shown before you pay.",
        },
      ],
    },
    {
      id: "care",
      title: "Care and warranty",
      questionList: [
        {
          id: "cleaning",
          question: "How should I clean my ring?",
          answer: "Soak it in warm water with a drop of washing-up liquid, brush gently with a soft toothbrush and rinse. Avoid chlorine.",
        },
        {
          id: "warranty",
          question: "Is there a warranty?",
          answer: "Every setting has a lifetime manufacturing warranty. Our care plan adds accidental damage and lost side stones.",
        },
      ],
    },
  ],
};
