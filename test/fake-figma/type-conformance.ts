// Compile-time check (no run-time code): the fake's node classes expose the members they
// support with the types @figma/plugin-typings gives them. `npx tsc -b` fails if they drift.
import type { FakeComponentNode, FakeComponentSetNode, FakeInstanceNode } from './components';
import type {
  FakeBooleanOperationNode,
  FakeDocumentNode,
  FakeEllipseNode,
  FakeFrameNode,
  FakeGroupNode,
  FakePageNode,
  FakePolygonNode,
  FakeRectangleNode,
  FakeStarNode,
  FakeTextNode,
  FakeVectorNode,
} from './nodes';

type SceneMembers =
  | 'id' | 'name' | 'parent' | 'removed' | 'remove' | 'x' | 'y' | 'width' | 'height' | 'resize' | 'resizeWithoutConstraints' | 'rotation'
  | 'visible' | 'locked' | 'opacity' | 'blendMode' | 'isMask' | 'effects' | 'effectStyleId' | 'setEffectStyleIdAsync' | 'constraints'
  | 'layoutAlign' | 'layoutGrow' | 'layoutPositioning' | 'layoutSizingHorizontal' | 'layoutSizingVertical' | 'exportSettings'
  | 'exportAsync' | 'relativeTransform' | 'absoluteTransform' | 'absoluteBoundingBox' | 'absoluteRenderBounds' | 'boundVariables'
  | 'setBoundVariable' | 'componentPropertyReferences' | 'getPluginData' | 'setPluginData' | 'getPluginDataKeys' | 'getSharedPluginData'
  | 'setSharedPluginData' | 'getSharedPluginDataKeys' | 'setRelaunchData' | 'getRelaunchData';
// Not listed: clone() (returns SceneNode; each real type returns its own type).
type GeometryMembers =
  | 'fills' | 'strokes' | 'strokeWeight' | 'strokeAlign' | 'strokeCap' | 'strokeJoin' | 'strokeMiterLimit' | 'dashPattern' | 'fillStyleId'
  | 'strokeStyleId' | 'setFillStyleIdAsync' | 'setStrokeStyleIdAsync';
type CornerMembers = 'cornerRadius' | 'cornerSmoothing' | 'topLeftRadius' | 'topRightRadius' | 'bottomLeftRadius' | 'bottomRightRadius';
type ChildrenMembers = 'children' | 'appendChild' | 'insertChild' | 'findChildren' | 'findChild' | 'findAll' | 'findOne' | 'findAllWithCriteria';
type FrameMembers =
  | SceneMembers | GeometryMembers | CornerMembers | ChildrenMembers | 'clipsContent' | 'layoutMode' | 'layoutWrap' | 'paddingLeft'
  | 'paddingRight' | 'paddingTop' | 'paddingBottom' | 'itemSpacing' | 'counterAxisSpacing' | 'primaryAxisSizingMode'
  | 'counterAxisSizingMode' | 'primaryAxisAlignItems' | 'counterAxisAlignItems' | 'counterAxisAlignContent' | 'itemReverseZIndex'
  | 'strokesIncludedInLayout' | 'layoutGrids' | 'guides' | 'expanded';
type ComponentMembers = 'key' | 'remote' | 'description' | 'descriptionMarkdown' | 'documentationLinks' | 'getPublishStatusAsync' | 'componentPropertyDefinitions' | 'addComponentProperty' | 'editComponentProperty' | 'deleteComponentProperty';
type TextMembers =
  | SceneMembers | GeometryMembers | 'characters' | 'fontName' | 'fontSize' | 'lineHeight' | 'letterSpacing' | 'textAlignHorizontal'
  | 'textAlignVertical' | 'textCase' | 'textDecoration' | 'textAutoResize' | 'paragraphSpacing' | 'paragraphIndent' | 'listSpacing' | 'hyperlink'
  | 'autoRename' | 'textTruncation' | 'maxLines' | 'hasMissingFont' | 'textStyleId' | 'setTextStyleIdAsync';

/** Compiles only when `Fake` can stand in for `Real` on the listed members. */
type Conforms<Fake extends Pick<Real, Keys>, Real, Keys extends keyof Real> = Fake;

export type FrameConforms = Conforms<FakeFrameNode, FrameNode, FrameMembers>;
export type GroupConforms = Conforms<FakeGroupNode, GroupNode, Exclude<SceneMembers, 'constraints'> | ChildrenMembers>;
export type RectangleConforms = Conforms<FakeRectangleNode, RectangleNode, SceneMembers | GeometryMembers | CornerMembers>;
export type EllipseConforms = Conforms<FakeEllipseNode, EllipseNode, SceneMembers | GeometryMembers | 'arcData'>;
export type VectorConforms = Conforms<FakeVectorNode, VectorNode, SceneMembers | GeometryMembers | 'vectorPaths' | 'handleMirroring' | 'cornerRadius'>;
export type PolygonConforms = Conforms<FakePolygonNode, PolygonNode, SceneMembers | GeometryMembers | 'cornerRadius' | 'cornerSmoothing' | 'pointCount'>;
export type StarConforms = Conforms<FakeStarNode, StarNode, SceneMembers | GeometryMembers | 'cornerRadius' | 'cornerSmoothing' | 'pointCount' | 'innerRadius'>;
export type BooleanOperationConforms = Conforms<
  FakeBooleanOperationNode,
  BooleanOperationNode,
  Exclude<SceneMembers, 'constraints'> | GeometryMembers | ChildrenMembers | 'cornerRadius' | 'cornerSmoothing' | 'booleanOperation' | 'expanded'
>;
export type TextConforms = Conforms<FakeTextNode, TextNode, TextMembers>;
export type ComponentConforms = Conforms<FakeComponentNode, ComponentNode, FrameMembers | ComponentMembers | 'createInstance' | 'getInstancesAsync' | 'variantProperties'>;
export type ComponentSetConforms = Conforms<FakeComponentSetNode, ComponentSetNode, FrameMembers | ComponentMembers | 'defaultVariant' | 'variantGroupProperties'>;
export type InstanceConforms = Conforms<
  FakeInstanceNode,
  InstanceNode,
  FrameMembers | 'mainComponent' | 'getMainComponentAsync' | 'swapComponent' | 'componentProperties' | 'setProperties' | 'overrides' | 'resetOverrides' | 'scaleFactor' | 'exposedInstances' | 'isExposedInstance' | 'variantProperties'
>;
export type PageConforms = Conforms<FakePageNode, PageNode, 'id' | 'name' | 'parent' | 'removed' | 'remove' | 'selection' | 'loadAsync' | 'backgrounds' | 'isPageDivider' | 'on' | 'once' | 'off' | ChildrenMembers | 'getPluginData' | 'setPluginData' | 'getSharedPluginData' | 'setSharedPluginData'>;
export type DocumentConforms = Conforms<FakeDocumentNode, DocumentNode, 'id' | 'name' | 'parent' | 'children' | 'appendChild' | 'insertChild' | 'findChildren' | 'findChild' | 'findAll' | 'findOne' | 'findAllWithCriteria' | 'getSharedPluginData' | 'setSharedPluginData' | 'getSharedPluginDataKeys'>;
